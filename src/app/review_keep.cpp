// What the review keeps: the analysis, with the record it came from (a kept one taken at
// once when it is this game's and this planner's), and the learn puzzles solved, in the
// state directory's "learned" file (files/learned.hpp).
#include "app/app_state.hpp"

#include "files/learned.hpp"
#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "think/kept_analysis.hpp"

#include <utility>

namespace halma::app {

void ReviewState::take_kept(const Game& game, std::string_view record_text) {
    kept_note.clear();
    refused_note.clear();
    think::Analysis kept;
    const think::KeptRead r = think::read_kept_analysis(record_text, game, kept);
    if (r.kept == think::Kept::Used) judge.adopt(game, std::move(kept));
    kept_note = r.why;
    refused_note = r.kept == think::Kept::Used ? "" : r.why;
}

Reply ReviewState::keep_analysis(const Game& game) {
    if (record_file.empty() || !judge.judged_whole(game)) return {};
    const std::string& path = record_file;
    std::string text;
    Game there;
    Options headers;
    if (!files::read_file(path, text).empty() ||
        files::read_game_text(text, there, headers).failed() ||
        think::game_key(there) != think::game_key(game))
        return {"the analysis is not kept: " + path + " no longer holds this game", true};
    const std::string kept =
        think::without_analysis(text) + think::analysis_comments(game, judge.analysis());
    if (std::string err = files::write_file_atomically(path, kept); !err.empty())
        return {"the analysis is not kept: " + err, true};
    // A kept analysis refused says why still, now that the new one is kept.
    const std::string_view again = "; analysing again";
    std::string why = std::exchange(refused_note, {});
    if (why.size() > again.size() &&
        why.compare(why.size() - again.size(), again.size(), again) == 0)
        why.resize(why.size() - again.size());
    return {why.empty() ? "the analysis is kept in " + path
                        : why + "; analysed again and kept in " + path};
}

std::vector<int> ReviewState::learned_before(const Game& game, bool door) {
    std::string err, text;
    const std::string dir = door ? "" : files::state_dir(err);
    if (dir.empty() || !files::read_file(files::learned_path(dir), text).empty()) return {};
    return files::solved_moves(text, think::game_key(game));
}

Reply ReviewState::keep_learned(const Game& game, int move, bool door) {
    if (door) return {}; // the door's account keeps nothing for a key
    std::string err, text;
    const std::string dir = files::ready_state_dir(err);
    if (dir.empty()) return {"the puzzle solved is not kept: " + err, true};
    const std::string path = files::learned_path(dir);
    (void)files::read_file(path, text); // none yet: a new file
    err = files::write_file_atomically(path, files::with_solved(text, think::game_key(game), move));
    if (!err.empty()) return {"the puzzle solved is not kept: " + err, true};
    return {};
}

} // namespace halma::app
