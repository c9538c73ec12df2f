#include "play/status_line.hpp"

#include "files/paths.hpp"

#include <ctime>

namespace halma::play {

void StatusLine::keep(const std::string& text, play::MessageLog::Kind kind) {
    log_.add(files::local_time(std::time(nullptr), "%H:%M"), text, kind);
}

void StatusLine::set(std::string text, bool error, bool whole) {
    keep(text, error ? play::MessageLog::Kind::Error : play::MessageLog::Kind::Note);
    show(std::move(text), error, whole);
}

void StatusLine::chat(std::string text, bool shown) {
    if (!shown && log_.chat_kept(text, heard_from_)) return;
    keep(text, play::MessageLog::Kind::Chat);
    if (shown) show(std::move(text), false);
}

void StatusLine::hint(std::string text) {
    if (text.size() > kNarrowest) keep(text, play::MessageLog::Kind::Note);
    show(std::move(text), false);
}

} // namespace halma::play
