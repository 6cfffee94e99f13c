// noise_meter.h -- how much of the machine other processes used while a row
// was timed.  The machine is shared: a row measured while someone else's
// build ran is not comparable, and the table says so instead of hiding it.
#pragma once

class NoiseMeter {
public:
    void start();
    // Fraction (0..1) of all CPUs' time since start() spent by other
    // processes, the kernel on their behalf, or the hypervisor (steal).
    // -1 if /proc is unreadable.
    double stop() const;

private:
    long long busy_ = -1, total_ = 0, own_ = 0;
};
