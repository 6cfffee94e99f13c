// noise_meter.cpp -- /proc/stat (whole machine) minus /proc/self/stat (us).
#include "noise_meter.h"

#include <fstream>
#include <sstream>
#include <string>

namespace {

// Jiffies from the "cpu" line: busy includes steal, total includes idle.
bool machine_jiffies(long long *busy, long long *total) {
    std::ifstream in("/proc/stat");
    std::string cpu;
    long long user = 0, nice = 0, sys = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    if (!(in >> cpu >> user >> nice >> sys >> idle >> iowait >> irq >> softirq >> steal) ||
        cpu != "cpu")
        return false;
    *busy = user + nice + sys + irq + softirq + steal;
    *total = *busy + idle + iowait;
    return true;
}

// utime + stime of this process (all threads), fields 14 and 15.
long long own_jiffies() {
    std::ifstream in("/proc/self/stat");
    std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto paren = s.rfind(')');   // the command name may contain spaces
    if (paren == std::string::npos) return 0;
    std::istringstream fields(s.substr(paren + 2));
    std::string skip;
    for (int i = 3; i < 14; ++i) fields >> skip;   // state .. cmajflt
    long long utime = 0, stime = 0;
    fields >> utime >> stime;
    return utime + stime;
}

}  // namespace

void NoiseMeter::start() {
    if (!machine_jiffies(&busy_, &total_)) busy_ = -1;
    own_ = own_jiffies();
}

double NoiseMeter::stop() const {
    long long busy, total;
    if (busy_ < 0 || !machine_jiffies(&busy, &total) || total <= total_) return -1;
    double others = double(busy - busy_) - double(own_jiffies() - own_);
    double frac = others / double(total - total_);
    return frac < 0 ? 0 : frac > 1 ? 1 : frac;
}
