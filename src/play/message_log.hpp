// The messages said to the player, kept so that none is lost when the next one replaces it
// or when it is too long for its line: the last kMax, each with the time it was said and
// its kind (a note, an error, a line of chat), for the log page and the chat lines of the
// panel. No curses here.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace halma::play {

class MessageLog {
  public:
    static constexpr std::size_t kMax = 100;

    enum class Kind { Note, Error, Chat };
    struct Entry {
        std::string time; // "14:05"
        std::string text;
        Kind kind = Kind::Note;
    };

    // Keeps a message (the oldest goes past kMax); the same text again right after itself is
    // kept once.
    void add(std::string time, std::string text, Kind kind) {
        if (text.empty()) return;
        if (!entries_.empty() && entries_.back().text == text && entries_.back().kind == kind)
            return;
        entries_.push_back({std::move(time), std::move(text), kind});
        if (entries_.size() > kMax) entries_.pop_front();
    }

    [[nodiscard]] const std::deque<Entry>& entries() const noexcept { return entries_; }

    // Whether a line of chat heard again (a table shows whoever comes back to it its last
    // lines) is kept already: looked for from entry `from` on, which then moves past it, so
    // that lines said twice are matched in order. Not kept: `from` moves past the end.
    [[nodiscard]] bool chat_kept(const std::string& text, std::size_t& from) const {
        for (std::size_t i = from; i < entries_.size(); ++i)
            if (entries_[i].kind == Kind::Chat && entries_[i].text == text) {
                from = i + 1;
                return true;
            }
        from = entries_.size() + 1;
        return false;
    }

    // The last n lines of chat, oldest first.
    [[nodiscard]] std::vector<Entry> chat(std::size_t n) const {
        std::vector<Entry> out;
        for (auto it = entries_.rbegin(); it != entries_.rend() && out.size() < n; ++it)
            if (it->kind == Kind::Chat) out.insert(out.begin(), *it);
        return out;
    }

  private:
    std::deque<Entry> entries_;
};

} // namespace halma::play
