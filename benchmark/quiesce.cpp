// quiesce.cpp -- polls /proc/self/task/*/stat for runnable threads.
#include "quiesce.h"

#include <dirent.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

namespace {

// True if some thread other than `self` is running or runnable ('R').
bool others_running(long self) {
    DIR *dir = opendir("/proc/self/task");
    if (!dir) return false;   // cannot tell: do not wait
    bool running = false;
    while (dirent *e = readdir(dir)) {
        long tid = std::strtol(e->d_name, nullptr, 10);
        if (tid <= 0 || tid == self) continue;
        std::string path = std::string("/proc/self/task/") + e->d_name + "/stat";
        FILE *f = std::fopen(path.c_str(), "r");
        if (!f) continue;   // thread exited meanwhile
        char buf[512];
        size_t n = std::fread(buf, 1, sizeof buf - 1, f);
        std::fclose(f);
        buf[n] = 0;
        // "tid (comm) S ...": the state follows the last ')', since comm may
        // itself contain parentheses.
        std::string s(buf);
        auto paren = s.rfind(')');
        if (paren != std::string::npos && paren + 2 < s.size() && s[paren + 2] == 'R') {
            running = true;
            break;
        }
    }
    closedir(dir);
    return running;
}

}  // namespace

double wait_until_other_threads_sleep(double max_seconds) {
    using Clock = std::chrono::steady_clock;
    const long self = syscall(SYS_gettid);
    auto t0 = Clock::now();
    double waited = 0;
    while (others_running(self) && waited < max_seconds) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        waited = std::chrono::duration<double>(Clock::now() - t0).count();
    }
    return waited;
}
