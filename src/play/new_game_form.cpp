#include "play/new_game_form.hpp"

#include "halma/solo/catalogue.hpp"

namespace halma::play {

namespace {
enum Row {
    kPlayers,
    kSize,
    kSeat1,
    kSeat4 = kSeat1 + 3,
    kSpoil,
    kEvacuate,
    kLong,
    kPartners,
    kWin,
    kCamps,
    kMaxTurns,
    kFirst,
    kSolo,
    kRows
};
const std::vector<std::string> kSeatChoices = {"human", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5"};
} // namespace

NewGameForm::NewGameForm(const Rules& rules, const std::vector<SeatSpec>& seats,
                         bool first_random) {
    lines_.resize(kRows);
    lines_[kPlayers] = {"Players", {"2", "3", "4"}, 0};
    lines_[kSize] = {"Board", {"16", "10", "8"}, 0};
    for (int i = 0; i < 4; ++i)
        lines_[kSeat1 + i] = {"Seat " + std::to_string(i + 1), kSeatChoices, i ? 3 : 0};
    lines_[kSpoil] = {"Spoiling", {"fill", "strict", "swap"}, 0};
    lines_[kEvacuate] = {"Evacuate by", {"default", "off", "20", "30", "40", "50", "60", "80"}, 0};
    lines_[kLong] = {"Long jumps", {"off", "on"}, 0};
    lines_[kPartners] = {"Partners", {"none", "opposite", "adjacent"}, 0};
    lines_[kWin] = {"Partners win", {"first", "both"}, 0};
    lines_[kCamps] = {"3-player camps", {"mixed", "small"}, 0};
    lines_[kMaxTurns] = {"Move limit", {"none", "50", "100", "150", "200", "300"}, 0};
    lines_[kFirst] = {"First player", {"random", "1", "2", "3", "4"}, 0};
    std::vector<std::string> puzzles{"off"};
    for (const std::string& name : solo::builtin_names()) puzzles.push_back(name);
    lines_[kSolo] = {"Solitaire", puzzles, 0};

    select(kPlayers, std::to_string(rules.players));
    select(kSize, std::to_string(rules.size));
    for (std::size_t i = 0; i < seats.size() && i < 4; ++i)
        select(kSeat1 + static_cast<int>(i), seats_text({seats[i]}));
    select(kSpoil, spoil_name(rules.spoil));
    if (rules.evacuate == 0)
        select(kEvacuate, "off");
    else if (rules.evacuate != Rules::default_evacuate(rules.size))
        select(kEvacuate, std::to_string(rules.evacuate));
    select(kLong, rules.longjumps ? "on" : "off");
    select(kPartners, partners_name(rules.partners));
    select(kWin, win_name(rules.win));
    select(kCamps, camps_name(rules.camps));
    if (rules.maxturns) select(kMaxTurns, std::to_string(rules.maxturns));
    if (!first_random) select(kFirst, std::to_string(rules.first + 1));
}

void NewGameForm::select(int row, const std::string& choice) {
    auto& c = lines_[row].choices;
    for (std::size_t i = 0; i < c.size(); ++i)
        if (c[i] == choice) lines_[row].index = static_cast<int>(i);
}

std::string NewGameForm::value(int row) const {
    if (row != kSolo && pick(kSolo) != "off") return pick(row) + " (not used)";
    if (row >= kSeat1 && row <= kSeat4 && row - kSeat1 >= std::stoi(pick(kPlayers)))
        return pick(row) + " (not playing)";
    if (row == kCamps && pick(kPlayers) != "3") return pick(row) + " (not used)";
    return pick(row);
}

void NewGameForm::change(int row, int delta) {
    Line& l = lines_[row];
    int n = static_cast<int>(l.choices.size());
    l.index = ((l.index + delta) % n + n) % n;
}

std::string NewGameForm::solo() const { return pick(kSolo) == "off" ? "" : pick(kSolo); }

void NewGameForm::set_solo(const std::string& puzzle) { select(kSolo, puzzle); }

std::string NewGameForm::build(Rules& rules, std::vector<SeatSpec>& seats,
                               bool& first_random) const {
    Options opts{{"players", pick(kPlayers)},
                 {"size", pick(kSize)},
                 {"spoil", pick(kSpoil)},
                 {"longjumps", pick(kLong) == "on" ? "1" : "0"},
                 {"partners", pick(kPartners)},
                 {"win", pick(kWin)},
                 {"maxturns", pick(kMaxTurns) == "none" ? "0" : pick(kMaxTurns)}};
    if (pick(kEvacuate) == "off")
        opts.emplace_back("evacuate", "0");
    else if (pick(kEvacuate) != "default")
        opts.emplace_back("evacuate", pick(kEvacuate));
    if (pick(kFirst) != "random") opts.emplace_back("first", pick(kFirst));
    if (pick(kPlayers) == "3") opts.emplace_back("camps", pick(kCamps));
    Rules r;
    if (TextError err = rules_from_options(opts, r); err.failed()) return err.text;
    std::vector<SeatSpec> s;
    for (int i = 0; i < r.players; ++i) {
        SeatSpec seat;
        (void)parse_seat(pick(kSeat1 + i), ai::kDefaultLevel, seat);
        s.push_back(seat);
    }
    rules = r;
    seats = s;
    first_random = pick(kFirst) == "random";
    return {};
}

} // namespace halma::play
