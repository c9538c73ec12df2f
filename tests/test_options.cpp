// Options: the newgame keys, their defaults, and the errors for bad ones.
#include "halma/options.hpp"

#include <catch2/catch.hpp>

using namespace halma;

namespace {
std::string build(const Options& o, Rules& r) { return rules_from_options(o, r).text; }
} // namespace

TEST_CASE("options: every key is read, the rest take their defaults", "[options]") {
    Rules r;
    REQUIRE(build({{"players", "4"},
                   {"spoil", "swap"},
                   {"longjumps", "1"},
                   {"partners", "adjacent"},
                   {"win", "both"},
                   {"maxturns", "200"},
                   {"first", "3"},
                   {"evacuate", "0"}},
                  r)
                .empty());
    CHECK(r.players == 4);
    CHECK(r.size == 16);
    CHECK(r.spoil == Spoil::Swap);
    CHECK(r.longjumps);
    CHECK(r.partners == Partners::Adjacent);
    CHECK(r.win == PartnerWin::Both);
    CHECK(r.maxturns == 200);
    CHECK(r.first == 2);
    CHECK(r.evacuate == 0);
}

TEST_CASE("options: the evacuation default follows the board size", "[options]") {
    Rules r;
    REQUIRE(build({{"size", "10"}}, r).empty());
    CHECK(r.evacuate == 50);
    REQUIRE(build({{"size", "8"}}, r).empty());
    CHECK(r.evacuate == 30);
    REQUIRE(build({}, r).empty());
    CHECK(r.evacuate == 60);
    CHECK(r.first == 0);
}

TEST_CASE("options: the spoil default follows the board size; kept games without one fill",
          "[options][spoil]") {
    CHECK(Rules::for_game(2, 16).spoil == Spoil::Fill);
    CHECK(Rules::for_game(4, 16).spoil == Spoil::Fill);
    CHECK(Rules::for_game(2, 10).spoil == Spoil::Strict);
    CHECK(Rules::for_game(2, 8).spoil == Spoil::Strict);
    Rules r;
    REQUIRE(build({{"size", "8"}}, r).empty());
    CHECK(r.spoil == Spoil::Strict);
    // The size given after other keys still sets the default.
    REQUIRE(build({{"evacuate", "0"}, {"size", "10"}}, r).empty());
    CHECK(r.spoil == Spoil::Strict);
    REQUIRE(build({{"size", "8"}, {"spoil", "fill"}}, r).empty());
    CHECK(r.spoil == Spoil::Fill);
    REQUIRE(build({{"spoil", "strict"}}, r).empty());
    CHECK(r.spoil == Spoil::Strict);
    REQUIRE(build({}, r).empty());
    CHECK(r.spoil == Spoil::Fill);
    // A game kept before (a record, a club's game) that names no rule was played under fill.
    REQUIRE(rules_from_kept({{"size", "8"}}, r).message().empty());
    CHECK(r.spoil == Spoil::Fill);
    REQUIRE(rules_from_kept({{"size", "8"}, {"spoil", "strict"}}, r).message().empty());
    CHECK(r.spoil == Spoil::Strict);
    REQUIRE(rules_from_kept({{"spoil", "swap"}}, r).message().empty());
    CHECK(r.spoil == Spoil::Swap);
    CHECK(rules_from_kept({{"spoil", "none"}}, r).text == "bad value 'none' for spoil (fill, "
                                                          "strict or swap)");
}

TEST_CASE("options: bad keys, values and combinations are refused", "[options]") {
    Rules r = Rules::for_game(3, 16);
    const Rules before = r;
    CHECK(build({{"colour", "red"}}, r) == "unknown option 'colour'");
    CHECK(build({{"players", "5"}}, r).find("bad value '5' for players") != std::string::npos);
    CHECK(build({{"size", "12"}}, r).find("for size") != std::string::npos);
    CHECK(build({{"spoil", "none"}}, r).find("for spoil") != std::string::npos);
    CHECK(build({{"longjumps", "yes"}}, r).find("0 or 1") != std::string::npos);
    CHECK(build({{"maxturns", "-1"}}, r).find("for maxturns") != std::string::npos);
    CHECK(build({{"first", "3"}}, r).find("for first") != std::string::npos);
    CHECK(build({{"players", "3"}, {"size", "8"}}, r) == "3 and 4 players need the 16x16 board");
    CHECK(build({{"partners", "opposite"}}, r) == "partners need 4 players");
    CHECK(build({{"win", "both"}}, r) == "win=both needs partners");
    CHECK(build({{"players", "3"}, {"camps", "large"}}, r).find("for camps (mixed or small)") !=
          std::string::npos);
    CHECK(build({{"players", "4"}, {"camps", "small"}}, r) == "camps=small is for 3 players");
    CHECK(build({{"evacuate", "1234567"}}, r).find("for evacuate") != std::string::npos);
    CHECK(r.players == before.players); // errors change nothing
}

TEST_CASE("options: camps chooses the 3-player setup; mixed is the default", "[options]") {
    Rules r;
    REQUIRE(build({{"players", "3"}, {"camps", "small"}}, r).empty());
    CHECK(r.camps == CampSetup::Small);
    REQUIRE(build({{"players", "3"}}, r).empty());
    CHECK(r.camps == CampSetup::Mixed);
    // Where it means nothing, the default is accepted and changes nothing.
    for (const char* players : {"2", "4"}) {
        REQUIRE(build({{"players", players}, {"camps", "mixed"}}, r).empty());
        CHECK(r.camps == CampSetup::Mixed);
    }
}

TEST_CASE("options: camps is written for 3 players only", "[options]") {
    auto has_camps = [](const Rules& r) {
        for (const auto& kv : options_of(r))
            if (kv.first == "camps") return kv.second;
        return std::string("(none)");
    };
    Rules three = Rules::for_game(3, 16);
    CHECK(has_camps(three) == "mixed");
    three.camps = CampSetup::Small;
    CHECK(has_camps(three) == "small");
    Rules back;
    REQUIRE(build(options_of(three), back).empty());
    CHECK(back.camps == CampSetup::Small);
    CHECK(has_camps(Rules::for_game(2, 16)) == "(none)");
    CHECK(has_camps(Rules::for_game(4, 16)) == "(none)");
}

TEST_CASE("options: options_of rebuilds the same rules", "[options]") {
    Rules r = Rules::for_game(4, 16);
    r.partners = Partners::Opposite;
    r.win = PartnerWin::Both;
    r.spoil = Spoil::Strict;
    r.first = 3;
    Rules back;
    REQUIRE(build(options_of(r), back).empty());
    CHECK(options_of(back) == options_of(r));
}

TEST_CASE("options: one value is checked on its own, as a whole set of options checks it",
          "[options]") {
    CHECK(!check_option_value("spoil", "swap").failed());
    CHECK(!check_option_value("first", "4").failed());           // whatever the players will be
    CHECK(!check_option_value("partners", "opposite").failed()); // combinations come later
    const TextError bad = check_option_value("spoil", "none");
    CHECK(bad.key == "spoil");
    CHECK(bad.text == "bad value 'none' for spoil (fill, strict or swap)");
    // The same words as rules_from_options() gives for the same value.
    Rules r;
    CHECK(rules_from_options({{"spoil", "none"}}, r).text == bad.text);
    CHECK(check_option_value("size", "12").text == "bad value '12' for size (8, 10 or 16)");
    CHECK(check_option_value("first", "5").text ==
          "bad value '5' for first (a player from 1 to 4)");
    CHECK(check_option_value("colour", "red").text == "unknown option 'colour'");
    // A long value is quoted in part, so a message stays a line.
    CHECK(check_option_value("win", std::string(500, 'w')).text.size() < 100);
}
