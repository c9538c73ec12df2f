// halma [--club-dir DIR] --door-check [SSHD_CONFIG]: what sshd and the door's account meet,
// checked in the order sshd meets it, each check a line with what to do when it fails:
//
//   the club's door.conf (believed, its account a user of its own), the account (its login
//   shell runs the forced command; a locked password field shuts it out when sshd does not use
//   PAM), the club's server answering at its socket, the settings sshd gives the account
//   (sshd -T -C user=ACCOUNT,...: the keys command named, run as the account, no forwarding,
//   no key files), the keys command's program and every directory above it (root's, written by
//   nobody else), and AllowUsers, AllowGroups, DenyUsers and DenyGroups.
//
// What is recommended and missing (ClientAliveInterval in the account's Match block, a
// process limit for the account) is noted without failing.
#pragma once

#include <string>

namespace halma::start {

// Runs the checks and prints them. Returns 0 when none failed, else 1.
[[nodiscard]] int run_door_check(const std::string& club_dir, const std::string& sshd_config);

} // namespace halma::start
