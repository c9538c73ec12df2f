// Who may hold a connection to a hosted game, and how much of what they send is held: the
// policy that keeps one user, invited or not, from crowding others out of a game or making
// its host swell. It decides and counts and does no I/O. A host asks it about each new
// connection, tells it who was let in, and reads each client as far as it allows; any
// server of the wire format can do the same. Clients are read with a Decoder from
// From::Client, which refuses a host's verbs at once and never collects a record.
#pragma once

#include "net/rendezvous.hpp"
#include "net/wire.hpp"

#include <cstddef>
#include <string>
#include <sys/types.h>
#include <vector>

namespace halma::net {

// The bounds of admission. The defaults suit a game among the users of one machine.
struct AdmissionLimits {
    std::size_t max_connections = 32;      // open at once, let in or not
    std::size_t max_waiting_per_user = 4;  // of one user, not yet let in (no hello yet)
    std::size_t kept_for_known = 8;        // of max_connections: for users let in before
    std::size_t max_unread = 2 * kMaxLine; // bytes read from a client and not yet handled
};

// A connection open now, as the policy counts it.
struct Occupant {
    uid_t uid = 0;
    bool admitted = false; // said hello and was let in
};

class Admission {
  public:
    explicit Admission(AdmissionLimits limits = {}) : limits_(limits) {}
    [[nodiscard]] const AdmissionLimits& limits() const noexcept { return limits_; }

    // Remembers a user as let in (the host's own user from the start): the connections
    // kept back are open to them from then on.
    void let_in(uid_t uid);
    [[nodiscard]] bool known(uid_t uid) const noexcept;

    // Why a new connection from who is refused, or "" when it may stay to say hello.
    // open: the connections open now, the new one not among them. away: the users whose
    // seat is held while they are gone; each keeps a connection free to come back on.
    [[nodiscard]] std::string refusal(const Credentials& who, const std::vector<Occupant>& open,
                                      const std::vector<uid_t>& away) const;

    // How many bytes to read from a client now, its decoder holding `held`: what keeps it
    // within max_unread, and at least one byte so that a line always gets through.
    [[nodiscard]] std::size_t read_allowance(std::size_t held) const noexcept {
        return held + 1 < limits_.max_unread ? limits_.max_unread - held : 1;
    }

  private:
    AdmissionLimits limits_;
    std::vector<uid_t> known_;
};

} // namespace halma::net
