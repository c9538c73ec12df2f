#include "start/door_check.hpp"

#include "club/place.hpp"
#include "door/door.hpp"
#include "halma/text.hpp"
#include "net/fd.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <fstream>
#include <grp.h>
#include <map>
#include <pwd.h>
#include <shadow.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace halma::start {

namespace {

constexpr const char* kSshd = "/usr/sbin/sshd";
constexpr const char* kSshdConfig = "/etc/ssh/sshd_config";
// The most of sshd -T's output read: its settings are a few kilobytes.
constexpr std::size_t kMaxSettings = 1 << 20;

// The checks' tally and their lines: "ok", "FAIL" with what to do, "note" for advice.
struct Report {
    int failed = 0;
    void ok(const std::string& what) { std::printf("ok    %s\n", printable(what).c_str()); }
    void fail(const std::string& what, const std::string& todo) {
        ++failed;
        std::printf("FAIL  %s\n      %s\n", printable(what).c_str(), printable(todo).c_str());
    }
    void note(const std::string& what, const std::string& todo) {
        std::printf("note  %s\n      %s\n", printable(what).c_str(), printable(todo).c_str());
    }
};

// sshd -T's settings for the account: keyword to its values, a keyword given many times
// (allowusers) having many. Returns an empty string or what sshd said.
std::string sshd_settings(const std::string& config, const std::string& account,
                          std::multimap<std::string, std::string>& out) {
    int out_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0) return "no pipe";
    const std::string spec = "user=" + account + ",host=localhost,addr=127.0.0.1";
    const pid_t pid = fork();
    if (pid < 0) return "cannot fork";
    if (pid == 0) {
        dup2(out_pipe[1], STDOUT_FILENO);
        dup2(out_pipe[1], STDERR_FILENO);
        execl(kSshd, kSshd, "-T", "-f", config.c_str(), "-C", spec.c_str(), nullptr);
        std::fprintf(stderr, "cannot run %s: %s\n", kSshd, std::strerror(errno));
        _exit(127);
    }
    close(out_pipe[1]);
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(out_pipe[0], buf, sizeof buf)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        if (text.size() < kMaxSettings) text.append(buf, static_cast<std::size_t>(n));
    }
    close(out_pipe[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return std::string(trim(text.substr(0, 400)));
    for (std::string_view rest = text; !rest.empty();) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        const std::size_t space = line.find(' ');
        if (space != std::string_view::npos)
            out.emplace(std::string(line.substr(0, space)), std::string(line.substr(space + 1)));
    }
    return {};
}

std::string setting(const std::multimap<std::string, std::string>& s, const std::string& key) {
    const auto it = s.find(key);
    return it == s.end() ? std::string() : it->second;
}

void check_door_conf(Report& r, const std::string& dir, club::DoorSettings& door, bool& have) {
    bool exists = false;
    have = false;
    if (std::string e = club::load_door_settings(dir, door, exists); !e.empty())
        return r.fail(e, "fix it and make it root's, or the club's user's, and written by no one "
                         "else (chown root " +
                             dir + "/door.conf; chmod 644 " + dir + "/door.conf)");
    if (!exists)
        return r.fail("no door in " + dir + " (no door.conf)",
                      "write " + dir +
                          "/door.conf with 'account: play' (see THE DOOR in halma(6))");
    have = true;
    r.ok(dir + "/door.conf: account " + door.account + ", entry " +
         (door.open ? "open" : "closed"));
}

void check_account(Report& r, const std::string& account) {
    const passwd* pw = getpwnam(account.c_str());
    if (!pw)
        return r.fail("the account " + account + " is no user of this host",
                      "useradd --system --shell /bin/sh " + account);
    if (pw->pw_uid == 0)
        return r.fail("the door's account is root", "give the door an account of its own");
    const std::string shell = pw->pw_shell ? pw->pw_shell : "";
    if (shell.empty() || shell.find("nologin") != std::string::npos ||
        shell.find("false") != std::string::npos || access(shell.c_str(), X_OK) != 0)
        r.fail(account + "'s login shell " + shell +
                   " runs no command; sshd runs the door through it",
               "usermod --shell /bin/sh " + account);
    else
        r.ok(account + "'s login shell " + shell);
    const spwd* sp = getspnam(account.c_str());
    if (!sp)
        r.note("cannot read " + account + "'s password field (run the check as root)",
               "a locked field ('!') shuts the account out when sshd has UsePAM no");
    else if (sp->sp_pwdp && sp->sp_pwdp[0] == '!')
        r.fail(account +
                   "'s password field is locked ('!'): sshd without PAM refuses it even a key",
               "usermod -p '*' " + account + " (no password, not locked)");
    else
        r.ok(account + "'s password field is not locked");
}

void check_server(Report& r, const std::string& dir) {
    net::UniqueFd fd;
    uid_t server = 0;
    bool nobody = false;
    if (std::string e = club::connect_club(dir, fd, server, nobody); !e.empty())
        return r.fail(
            nobody ? "the club's server does not answer at " + dir + "/" + club::kSocketFile : e,
            "start it: systemctl start halma-club (its log says why it stopped)");
    r.ok("the club's server answers at " + dir + "/" + club::kSocketFile);
}

// The keys command's program and every directory above it: root's, written by nobody else.
void check_program(Report& r, const std::string& program) {
    for (std::string path = program; !path.empty();
         path = path.size() > 1 ? path.substr(0, std::max<std::size_t>(1, path.rfind('/'))) : "") {
        struct stat st;
        if (stat(path.c_str(), &st) != 0)
            return r.fail("the keys command's " + path + ": " + std::strerror(errno),
                          "install halma there, or name its path in the drop-in");
        if (st.st_uid != 0 || (st.st_mode & (S_IWGRP | S_IWOTH)))
            return r.fail(path + " is not root's alone (sshd refuses the keys command below it)",
                          "chown root " + path + "; chmod go-w " + path);
        if (path == "/") break;
    }
    r.ok("the keys command " + program + " and the directories above it are root's alone");
}

bool matches(const std::string& pattern, const std::string& name) {
    return fnmatch(pattern.substr(0, pattern.find('@')).c_str(), name.c_str(), 0) == 0;
}

// AllowUsers, AllowGroups, DenyUsers and DenyGroups as sshd -T gives them for the account.
void check_allowed(Report& r, const std::multimap<std::string, std::string>& s,
                   const std::string& account) {
    std::vector<std::string> groups;
    if (const passwd* pw = getpwnam(account.c_str())) {
        int n = 64;
        std::vector<gid_t> ids(static_cast<std::size_t>(n));
        if (getgrouplist(account.c_str(), pw->pw_gid, ids.data(), &n) >= 0)
            for (int i = 0; i < n; ++i)
                if (const group* g = getgrgid(ids[static_cast<std::size_t>(i)]))
                    groups.push_back(g->gr_name);
    }
    const auto any = [&](const std::string& key, const std::vector<std::string>& names) {
        const auto [from, to] = s.equal_range(key);
        for (auto it = from; it != to; ++it)
            for (const std::string& n : names)
                if (matches(it->second, n)) return true;
        return false;
    };
    const auto listed = [&](const std::string& key) { return s.count(key) > 0; };
    const std::vector<std::string> user{account};
    bool shut = false;
    const auto fail = [&](const std::string& what, const std::string& todo) {
        shut = true, r.fail(what, todo);
    };
    if (any("denyusers", user))
        fail("DenyUsers names " + account, "take " + account + " out of DenyUsers");
    if (any("denygroups", groups))
        fail("DenyGroups names a group of " + account, "take it out of DenyGroups");
    if (listed("allowusers") && !any("allowusers", user))
        fail("AllowUsers shuts " + account + " out (it names only others)",
             "add " + account + " to the AllowUsers line of sshd_config");
    if (listed("allowgroups") && !any("allowgroups", groups))
        fail("AllowGroups shuts " + account + " out (no group of its is named)",
             "add a group of " + account + "'s to AllowGroups");
    if (!shut) r.ok("AllowUsers, AllowGroups, DenyUsers and DenyGroups let " + account + " in");
}

// What sshd gives the door's account: the keys command named, the forwarding shut.
void check_sshd(Report& r, const std::string& config, const std::string& account,
                const std::string& dir) {
    std::multimap<std::string, std::string> s;
    if (std::string e = sshd_settings(config, account, s); !e.empty())
        return r.fail("sshd -T -f " + config + " for " + account + ": " + e,
                      "fix sshd's configuration until sshd -t accepts it");
    const std::string command = setting(s, "authorizedkeyscommand");
    const std::vector<std::string_view> words = split_words(command);
    if (command.empty() || command == "none" || command.find("--door-keys") == std::string::npos)
        return r.fail("sshd names no halma --door-keys for " + account,
                      "install dist/halma-door.conf as /etc/ssh/sshd_config.d/halma-door.conf, "
                      "its Match line naming " +
                          account);
    r.ok("sshd's keys command for " + account + ": " + command);
    if (command.find("--club-dir " + dir + " ") == std::string::npos)
        r.fail("the keys command names another club than " + dir,
               "give it --club-dir " + dir + " (or check that club with --club-dir)");
    check_program(r, std::string(words[0]));
    const std::pair<const char*, const char*> wanted[] = {{"authorizedkeyscommanduser", nullptr},
                                                          {"authorizedkeysfile", "none"},
                                                          {"disableforwarding", "yes"},
                                                          {"allowtcpforwarding", "no"},
                                                          {"allowagentforwarding", "no"},
                                                          {"allowstreamlocalforwarding", "no"},
                                                          {"x11forwarding", "no"},
                                                          {"permittunnel", "no"},
                                                          {"passwordauthentication", "no"},
                                                          {"permittty", "yes"}};
    std::string off;
    for (const auto& [key, value] : wanted) {
        const std::string want = value ? value : account;
        if (setting(s, key) != want)
            off += std::string(off.empty() ? "" : ", ") + key + " " + setting(s, key);
    }
    if (!off.empty())
        r.fail("sshd gives " + account + ": " + off,
               "the drop-in's Match block must come first (sshd keeps the first value it reads)");
    else
        r.ok("sshd gives " + account + " no forwarding, no key files, no password");
    check_allowed(r, s, account);
    if (setting(s, "clientaliveinterval") == "0")
        r.note("no ClientAliveInterval for " + account + ": dead sessions hold their seats",
               "ClientAliveInterval 60 in the account's Match block (the shipped drop-in has it)");
}

// A process limit for the account in pam_limits' files (sshd's PAM session reads them).
void check_process_limit(Report& r, const std::string& account) {
    std::vector<std::string> files{"/etc/security/limits.conf"};
    if (DIR* d = opendir("/etc/security/limits.d")) {
        while (const dirent* e = readdir(d))
            if (e->d_name[0] != '.')
                files.push_back(std::string("/etc/security/limits.d/") + e->d_name);
        closedir(d);
    }
    for (const std::string& f : files) {
        std::ifstream in(f);
        for (std::string line; std::getline(in, line);) {
            const std::vector<std::string_view> w = split_words(line);
            if (w.size() >= 4 && w[0] == account && w[2] == "nproc")
                return r.ok("a process limit for " + account + " in " + f);
        }
    }
    r.note("no process limit for " + account,
           "echo '" + account + " hard nproc 200' > /etc/security/limits.d/halma-door.conf");
}

} // namespace

int run_door_check(const std::string& club_dir, const std::string& sshd_config) {
    Report r;
    std::string dir;
    if (std::string e = club::find_club_dir(club_dir, dir); !e.empty()) {
        r.fail(e, "give the club's directory: --club-dir DIR");
        return 1;
    }
    club::DoorSettings door;
    bool have = false;
    check_door_conf(r, dir, door, have);
    if (have) check_account(r, door.account);
    check_server(r, dir);
    if (have) {
        check_sshd(r, sshd_config.empty() ? kSshdConfig : sshd_config, door.account, dir);
        check_process_limit(r, door.account);
    }
    if (r.failed)
        std::printf("%d check%s failed.\n", r.failed, r.failed == 1 ? "" : "s");
    else
        std::puts("The door is ready.");
    return r.failed ? 1 : 0;
}

} // namespace halma::start
