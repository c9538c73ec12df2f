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

std::string App::record_text() const {
    const std::string record = write_record(board_.game, headers());
    if (!review_.judge.judged_whole(board_.game)) return record;
    return record + think::analysis_comments(board_.game, review_.judge.analysis());
}

void App::take_kept_analysis(std::string_view record_text) {
    review_.kept_note.clear();
    review_.refused_note.clear();
    think::Analysis kept;
    const think::KeptRead r = think::read_kept_analysis(record_text, board_.game, kept);
    if (r.kept == think::Kept::Used) review_.judge.adopt(board_.game, std::move(kept));
    review_.kept_note = r.why;
    review_.refused_note = r.kept == think::Kept::Used ? "" : r.why;
}

// Writes the analysis just made into the file the record came from, when that file still
// holds this game: the record as it was, its old analysis lines replaced.
void App::keep_analysis() {
    if (review_.record_file.empty() || !review_.judge.judged_whole(board_.game)) return;
    const std::string& path = review_.record_file;
    std::string text;
    Game there;
    Options headers;
    if (!files::read_file(path, text).empty() ||
        files::read_game_text(text, there, headers).failed() ||
        think::game_key(there) != think::game_key(board_.game))
        return status_.set("the analysis is not kept: " + path + " no longer holds this game",
                           true);
    const std::string kept = think::without_analysis(text) +
                             think::analysis_comments(board_.game, review_.judge.analysis());
    if (std::string err = files::write_file_atomically(path, kept); !err.empty())
        return status_.set("the analysis is not kept: " + err, true);
    // A kept analysis refused says why still, now that the new one is kept.
    const std::string_view again = "; analysing again";
    std::string why = std::exchange(review_.refused_note, {});
    if (why.size() > again.size() &&
        why.compare(why.size() - again.size(), again.size(), again) == 0)
        why.resize(why.size() - again.size());
    status_.set(why.empty() ? "the analysis is kept in " + path
                            : why + "; analysed again and kept in " + path);
}

// The moves (counted from 1) whose learn puzzles were solved before in this game.
std::vector<int> App::learned_before() const {
    std::string err, text;
    const std::string dir = places_.door ? "" : files::state_dir(err);
    if (dir.empty() || !files::read_file(files::learned_path(dir), text).empty()) return {};
    return files::solved_moves(text, think::game_key(board_.game));
}

void App::keep_learned(int move) {
    if (places_.door) return; // the door's account keeps nothing for a key
    std::string err, text;
    const std::string dir = files::ready_state_dir(err);
    if (dir.empty()) return status_.set("the puzzle solved is not kept: " + err, true);
    const std::string path = files::learned_path(dir);
    (void)files::read_file(path, text); // none yet: a new file
    err = files::write_file_atomically(
        path, files::with_solved(text, think::game_key(board_.game), move));
    if (!err.empty()) status_.set("the puzzle solved is not kept: " + err, true);
}

} // namespace halma::app
