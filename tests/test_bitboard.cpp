// Bitboard: the 256-bit square set every board shares.
#include "halma/bitboard.hpp"

#include <catch2/catch.hpp>
#include <vector>

using halma::Bitboard;

TEST_CASE("bitboard: set, test, reset across all four words", "[bitboard]") {
    Bitboard b;
    CHECK(b.empty());
    for (int s : {0, 63, 64, 127, 128, 200, 255}) b.set(s);
    CHECK(b.count() == 7);
    CHECK(b.test(63));
    CHECK(b.test(64));
    CHECK_FALSE(b.test(65));
    b.reset(64);
    CHECK_FALSE(b.test(64));
    CHECK(b.count() == 6);
    CHECK(b.first() == 0);
}

TEST_CASE("bitboard: pop and for_each_square visit squares lowest first", "[bitboard]") {
    Bitboard b = Bitboard::of(255) | Bitboard::of(3) | Bitboard::of(130);
    std::vector<int> seen;
    halma::for_each_square(b, [&](int s) { seen.push_back(s); });
    CHECK(seen == std::vector<int>{3, 130, 255});
    CHECK(b.pop() == 3);
    CHECK(b.pop() == 130);
    CHECK(b.pop() == 255);
    CHECK(b.empty());
}

TEST_CASE("bitboard: set algebra", "[bitboard]") {
    Bitboard a = Bitboard::of(1) | Bitboard::of(100);
    Bitboard c = Bitboard::of(100) | Bitboard::of(200);
    CHECK((a & c) == Bitboard::of(100));
    CHECK((a ^ c) == (Bitboard::of(1) | Bitboard::of(200)));
    CHECK((~Bitboard::none()).count() == 256);
    CHECK((a & ~a).empty());
    CHECK(a != c);
}

TEST_CASE("bitboard: shifted moves every square by the same offset, across words", "[bitboard]") {
    // Square s of b.shifted(d) is square s + d of b; squares moved past either end drop out.
    Bitboard b;
    for (int s : {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 191, 192, 240, 254, 255}) b.set(s);
    for (int delta :
         {1, 2, 15, 16, 17, 30, 32, 34, 63, -1, -2, -15, -16, -17, -30, -32, -34, -63}) {
        const Bitboard moved = b.shifted(delta);
        INFO("delta " << delta);
        for (int s = 0; s < 256; ++s) {
            const int from = s + delta;
            CHECK(moved.test(s) == (from >= 0 && from < 256 && b.test(from)));
        }
    }
}
