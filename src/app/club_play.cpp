// The club as this terminal plays it (ClubPlay): the keys of the lobby's page, and the
// question the lobby asks with its answer. What a key needs of the rest of the front end (a
// command run, the prompt opened, a word said) it hands back as a LobbyKey.
#include "app/app_state.hpp"

#include <utility>

namespace halma::app {

LobbyKey ClubPlay::key(int ch, const play::KeyCodes& codes) {
    using Then = LobbyKey::Then;
    if (lobby->help_shown()) {
        if (ch == play::kEsc || ch == 'q' || ch == '?' || ch == '\n' || ch == '\r')
            lobby->show_help(false);
        return {};
    }
    if (ch == codes.up || ch == 'k') return lobby->choose(-1), LobbyKey{};
    if (ch == codes.down || ch == 'j') return lobby->choose(1), LobbyKey{};
    if (ch == codes.home || ch == 'g') return lobby->choose_end(false), LobbyKey{};
    if (ch == codes.end || ch == 'G') return lobby->choose_end(true), LobbyKey{};
    if (ch == codes.page_up) return lobby->scroll_chat(3), LobbyKey{};
    if (ch == codes.page_down) return lobby->scroll_chat(-3), LobbyKey{};
    switch (ch) {
    case '\n':
    case '\r':
    case ' ': {
        std::string command = lobby->chosen_command();
        if (command.empty()) return {Then::Say, "nothing to do with this row", true};
        return {Then::Command, std::move(command)};
    }
    case ':':
        return {Then::Prompt, ""};
    case 's':
        return {Then::Prompt, "seek "};
    case 'c':
    case 't':
        return {Then::Prompt, "say "};
    case 'a':
        lobby->switch_archive();
        return {};
    case 'w':
        if (const club::GameInfo* top = lobby->top_table())
            return {Then::Command, "watch " + std::to_string(top->id)};
        return {Then::Say, "no tournament's round is under way", true};
    case 'r':
        lobby->refresh();
        return {Then::Say, "asked the club again"};
    case '?':
        lobby->show_help(true);
        return {};
    case 'q':
        return {Then::Quit, "", false};
    default:
        if (ch == codes.enter) return key('\n', codes);
        return {Then::Say, "unknown key (? shows the keys)", true};
    }
}

Reply ClubPlay::answer(bool yes) {
    const Asked was = std::exchange(asked, {});
    const std::string game = std::to_string(was.game);
    const bool resign = was.what == Asked::What::Resign;
    if (!yes) return {resign ? "going on" : "game " + game + " stays with your other connection"};
    const std::string why = resign ? lobby->resign(was.game) : lobby->take_over(was.game);
    if (!why.empty()) return {why, true};
    return {resign ? "resigning game " + game + "..." : "taking game " + game + " over..."};
}

std::string ClubPlay::question() const {
    if (!asked.game) return {};
    const std::string game = std::to_string(asked.game);
    return asked.what == Asked::What::Resign
               ? "Resign game " + game + "? (y/n)"
               : "You are playing game " + game + " from another connection; take it over? (y/n)";
}

} // namespace halma::app
