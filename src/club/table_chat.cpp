#include "club/table_chat.hpp"

#include "halma/text.hpp"

namespace halma::club {

namespace {
constexpr std::string_view kSaid = "# said ";
constexpr std::string_view kWatching = "(watching) ";
} // namespace

std::string said_comments(const std::vector<SaidLine>& lines) {
    std::string out;
    for (const SaidLine& l : lines) {
        out.append(kSaid);
        if (l.watchers_only) out.append(kWatching);
        out += l.name + ": " + l.text + "\n";
    }
    return out;
}

std::vector<std::string> said_in_record(std::string_view record) {
    std::vector<std::string> out;
    for (LineReader reader(record); reader.next();) {
        std::string_view line = reader.line();
        if (line.substr(0, kSaid.size()) != kSaid) continue;
        line.remove_prefix(kSaid.size());
        const bool watching = line.substr(0, kWatching.size()) == kWatching;
        if (watching) line.remove_prefix(kWatching.size());
        const std::size_t colon = line.find(": ");
        if (colon == std::string_view::npos || colon == 0 || has_control_character(line)) continue;
        std::string shown(line.substr(0, colon));
        if (watching) shown += " (watching)";
        out.push_back(shown + std::string(line.substr(colon)));
    }
    return out;
}

} // namespace halma::club
