// A club game's table chat kept with its archived record, so that the players read after the
// game what the watchers of a rated game said only to each other. The lines are comments at
// the record's end, which every reader of records passes over:
//     # said bob: good luck
//     # said (watching) carol: b should jump
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace halma::club {

struct SaidLine {
    std::string name;
    std::string text;
    bool watchers_only = false; // said by a watcher of a rated game, to watchers only
};

// The lines as comments for the record's end, one a line; "" for none.
[[nodiscard]] std::string said_comments(const std::vector<SaidLine>& lines);

// The lines a record keeps, as the chat shows them: "bob: good luck", "carol (watching): b
// should jump". Any other comment is passed over.
[[nodiscard]] std::vector<std::string> said_in_record(std::string_view record);

} // namespace halma::club
