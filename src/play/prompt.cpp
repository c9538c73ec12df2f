#include "play/prompt.hpp"

#include "halma/text.hpp"

namespace halma::play {

LineEdit::State LineEdit::key(int ch, const KeyCodes& codes) {
    if (ch == '\n' || ch == '\r' || ch == codes.enter) return State::Done;
    if (ch == 27) return State::Cancelled;
    if (ch == 127 || ch == 8 || ch == codes.backspace) {
        if (!partial_.empty()) {
            partial_.clear();
            return State::Editing;
        }
        if (text_.empty()) return State::Cancelled;
        while ((static_cast<unsigned char>(text_.back()) & 0xC0) == 0x80) text_.pop_back();
        text_.pop_back();
        return State::Editing;
    }
    if (ch == 21) { // Ctrl-U
        text_.clear();
        partial_.clear();
    } else if (ch >= 32 && ch < 256 && ch != 127) {
        add_byte(static_cast<unsigned char>(ch));
    }
    return State::Editing;
}

void LineEdit::add_byte(unsigned char byte) {
    // A byte that cannot continue the character under way starts afresh.
    if (!partial_.empty() && (byte & 0xC0) != 0x80) partial_.clear();
    if (partial_.empty() && utf8_lead_length(byte) == 0) return; // it starts no character
    partial_ += static_cast<char>(byte);
    const std::size_t want = utf8_lead_length(static_cast<unsigned char>(partial_[0]));
    if (partial_.size() < want) return;
    if (utf8_length(partial_, 0) == want && text_.size() + want <= kMaxBytes) text_ += partial_;
    partial_.clear();
}

Command parse_command(const std::string& line) {
    const std::string_view trimmed = trim(line);
    if (trimmed.empty()) return {};
    const std::string text(trimmed), word(split_words(trimmed).front()),
        arg(after_first_word(trimmed));
    using K = Command::Kind;
    struct Name {
        const char* word;
        K kind;
        bool takes_arg;
    };
    static constexpr Name kNames[] = {
        {"save", K::Save, true},       {"load", K::Load, true},
        {"undo", K::Undo, false},      {"redo", K::Redo, false},
        {"new", K::New, false},        {"hint", K::Hint, false},
        {"help", K::Help, false},      {"quit", K::Quit, false},
        {"q", K::Quit, false},         {"say", K::Say, true},
        {"ai", K::Ai, true},           {"save-defaults", K::SaveDefaults, false},
        {"seek", K::Seek, true},       {"accept", K::Accept, true},
        {"watch", K::Watch, true},     {"play", K::PlayGame, true},
        {"open", K::Open, true},       {"resign", K::Resign, true},
        {"history", K::History, true}, {"record", K::Record, true},
    };
    for (const Name& n : kNames)
        if (word == n.word) {
            if (!n.takes_arg && !arg.empty()) return {K::Unknown, text};
            return {n.kind, arg};
        }
    bool looks_like_move = word == "pass";
    if (!looks_like_move && !word.empty() && word[0] >= 'a' && word[0] <= 'p' &&
        word.find('-') != std::string::npos)
        looks_like_move = true;
    if (looks_like_move && arg.empty()) return {K::Move, word};
    return {K::Unknown, text};
}

} // namespace halma::play
