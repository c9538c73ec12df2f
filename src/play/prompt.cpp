#include "play/prompt.hpp"

#include "halma/text.hpp"

#include <algorithm>

namespace halma::play {

LineEdit::State LineEdit::key(int ch, const KeyCodes& codes) {
    if (ch == '\n' || ch == '\r' || ch == codes.enter) {
        remember();
        return State::Done;
    }
    if (ch == 27) return State::Cancelled;
    if (ch == '\t') return State::Complete;
    if (ch == codes.up || ch == codes.down) {
        browse(ch == codes.up ? -1 : 1);
        return State::Editing;
    }
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

void LineEdit::set_text(const std::string& text) {
    text_.clear();
    partial_.clear();
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 32) add_byte(static_cast<unsigned char>(c));
    partial_.clear();
}

// Shows the line delta places back (-1) or on (+1) in the history; the line being typed is
// kept as the draft past the newest.
void LineEdit::browse(int delta) {
    const std::size_t n = history_.size();
    if (delta < 0 && browsing_ == 0) return;
    if (delta > 0 && browsing_ >= n) return;
    if (browsing_ == n) draft_ = text_;
    browsing_ = delta < 0 ? browsing_ - 1 : browsing_ + 1;
    text_ = browsing_ == n ? draft_ : history_[browsing_];
    partial_.clear();
}

// Keeps the line entered in the history (not a blank one, nor the last one again).
void LineEdit::remember() {
    if (trim(text_).empty() || (!history_.empty() && history_.back() == text_)) return;
    history_.push_back(text_);
    if (history_.size() > kMaxHistory) history_.erase(history_.begin());
}

namespace {

using K = Command::Kind;

// A command word, what it asks for, and whether it takes an argument.
struct Name {
    const char* word;
    K kind;
    bool takes_arg;
};
constexpr Name kNames[] = {
    {"save", K::Save, true},       {"load", K::Load, true},
    {"undo", K::Undo, false},      {"redo", K::Redo, false},
    {"new", K::New, false},        {"hint", K::Hint, false},
    {"review", K::Review, false},  {"log", K::Log, false},
    {"help", K::Help, false},      {"quit", K::Quit, false},
    {"q", K::Quit, false},         {"say", K::Say, true},
    {"ai", K::Ai, true},           {"save-defaults", K::SaveDefaults, false},
    {"seek", K::Seek, true},       {"accept", K::Accept, true},
    {"watch", K::Watch, true},     {"play", K::PlayGame, true},
    {"open", K::Open, true},       {"resign", K::Resign, true},
    {"history", K::History, true}, {"record", K::Record, true},
    {"abort", K::Abort, false},    {"claim", K::Claim, false},
    {"draw", K::Draw, false},      {"tournament", K::Tournament, true},
};

// Whether a word is made to be a move: letters, digits and dashes, with a dash, starting with
// a letter ("e4-g6", "z9-a1"), or "pass".
bool looks_like_move(std::string_view word) {
    if (word == "pass") return true;
    if (word.empty() || word[0] < 'a' || word[0] > 'z' || word.find('-') == std::string::npos)
        return false;
    return std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

} // namespace

Command parse_command(const std::string& line) {
    const std::string_view trimmed = trim(line);
    if (trimmed.empty()) return {};
    const std::string text(trimmed), word(split_words(trimmed).front()),
        arg(after_first_word(trimmed));
    for (const Name& n : kNames)
        if (word == n.word) {
            if (!n.takes_arg && !arg.empty()) return {K::Unknown, text};
            return {n.kind, arg};
        }
    if (looks_like_move(word) && arg.empty()) return {K::Move, word};
    return {K::Unknown, text};
}

const std::vector<std::string>& command_words() {
    static const std::vector<std::string> words = [] {
        std::vector<std::string> out;
        for (const Name& n : kNames)
            if (std::string_view(n.word) != "q") out.emplace_back(n.word);
        return out;
    }();
    return words;
}

namespace {

// The choices a word can go on to, and the line taken as far as they agree (kept as it is
// when nothing fits); a single choice is taken whole.
Completion extend(const std::string& before, const std::string& word,
                  const std::vector<std::string>& from) {
    Completion c{before + word, {}};
    for (const std::string& choice : from)
        if (choice.compare(0, word.size(), word) == 0) c.choices.push_back(choice);
    if (c.choices.empty()) return c;
    if (c.choices.size() == 1) {
        c.line = before + c.choices[0];
        c.choices.clear();
        return c;
    }
    std::string common = c.choices[0];
    for (const std::string& choice : c.choices) {
        std::size_t n = 0;
        while (n < common.size() && n < choice.size() && common[n] == choice[n]) ++n;
        common.resize(n);
    }
    c.line = before + common;
    return c;
}

} // namespace

Completion complete_line(const std::string& line, const std::vector<std::string>& names) {
    const std::size_t space = line.find(' ');
    if (space == std::string::npos) {
        Completion c = extend("", line, command_words());
        for (const Name& n : kNames)
            if (c.choices.empty() && c.line == n.word && n.takes_arg) c.line += " ";
        return c;
    }
    const std::string word = line.substr(0, space);
    const std::string rest = line.substr(space + 1);
    if ((word != "load" && word != "save") || rest.find(' ') != std::string::npos)
        return {line, {}};
    return extend(word + " ", rest, names);
}

} // namespace halma::play
