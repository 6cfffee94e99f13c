// gemm_reference_test.cpp -- sgemm/dgemm through the Fortran ABI and CBLAS
// (both layouts) against a higher-precision reference: double for sgemm,
// long double for dgemm.  Every element must satisfy
//   |C - Cref| <= 2 (k+3) eps (|alpha| |op(A)||op(B)| + |beta| |C0|)
// elementwise, padding and guard zones of C must keep their sentinel bits,
// A and B must not be written, NaN in C must not survive beta == 0 and NaN in
// A/B must not be read when alpha == 0.  Each call runs with 1 and 2 threads.
//
// Small shapes are checked element by element.  Large shapes are checked on a
// sample of whole rows and columns (block edges plus random ones) together
// with every row sum and column sum, which together cost O(mn + (m+n)k x few).
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include "gemm_call.h"
#include "gemm_matrix.h"

using tbtest::Api;
using tbtest::StoredMatrix;

namespace {

template <class T> struct AccOf;
template <> struct AccOf<float> { using type = double; };
template <> struct AccOf<double> { using type = long double; };

template <class T> const T kSentinel = static_cast<T>(-7777.25);

const int kThreadCounts[] = {1, 2};

struct Entry {
    int i, j;
};

// The problem: op(A) is m x k, op(B) is k x n, both held logically.  The
// reference products are computed once per problem and reused for every ABI,
// layout, transpose, alpha/beta and thread count.
template <class T> struct Problem {
    using Acc = typename AccOf<T>::type;
    int m, n, k;
    std::vector<T> opA;  // m x k, row i contiguous
    std::vector<T> opBt; // n x k, column j of op(B) contiguous
    std::vector<T> C0;   // m x n, row-major

    bool full = true;           // every element checked
    std::vector<Entry> entries; // the elements checked
    std::vector<Acc> dot, absdot;
    // Only for sampled problems: row and column sums of the product.
    std::vector<Acc> row_dot, row_abs, col_dot, col_abs;

    T a(int i, int l) const { return opA[static_cast<std::size_t>(i) * k + l]; }
    T b(int l, int j) const { return opBt[static_cast<std::size_t>(j) * k + l]; }
    T c0(int i, int j) const { return C0[static_cast<std::size_t>(i) * n + j]; }

    void generate(std::uint64_t seed) {
        std::mt19937_64 rng(seed);
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        opA.resize(static_cast<std::size_t>(m) * k);
        opBt.resize(static_cast<std::size_t>(n) * k);
        C0.resize(static_cast<std::size_t>(m) * n);
        for (auto &x : opA) x = static_cast<T>(u(rng));
        for (auto &x : opBt) x = static_cast<T>(u(rng));
        for (auto &x : C0) x = static_cast<T>(u(rng));
    }

    void entry_dot(int i, int j, Acc &d, Acc &ad) const {
        const T *ar = opA.data() + static_cast<std::size_t>(i) * k;
        const T *bc = opBt.data() + static_cast<std::size_t>(j) * k;
        Acc s = 0, as = 0;
        for (int l = 0; l < k; ++l) {
            Acc p = static_cast<Acc>(ar[l]) * static_cast<Acc>(bc[l]);
            s += p;
            as += p < 0 ? -p : p;
        }
        d = s;
        ad = as;
    }

    static std::vector<int> sample_indices(int extent, std::mt19937_64 &rng) {
        std::set<int> s;
        auto add = [&](long v) {
            if (v >= 0 && v < extent) s.insert(static_cast<int>(v));
        };
        add(0), add(1), add(extent - 1), add(extent - 2);
        for (long p = 4; p < extent; p *= 2) add(p - 1), add(p);
        for (long p = 6; p < extent; p *= 2) add(p - 1), add(p); // 6-, 12-, 24-row tiles
        std::uniform_int_distribution<int> d(0, std::max(0, extent - 1));
        for (int r = 0; r < 10 && extent > 0; ++r) add(d(rng));
        return std::vector<int>(s.begin(), s.end());
    }

    // Chooses the checked elements and computes their exact-ish dot products.
    void prepare_reference(std::uint64_t seed) {
        const double work = static_cast<double>(m) * n * k;
        full = work <= 2.0e7;
        entries.clear();
        if (full) {
            for (int i = 0; i < m; ++i)
                for (int j = 0; j < n; ++j) entries.push_back({i, j});
        } else {
            std::mt19937_64 rng(seed ^ 0x5eed);
            std::set<std::pair<int, int>> chosen;
            for (int i : sample_indices(m, rng))
                for (int j = 0; j < n; ++j) chosen.insert({i, j});
            for (int j : sample_indices(n, rng))
                for (int i = 0; i < m; ++i) chosen.insert({i, j});
            for (const auto &p : chosen) entries.push_back({p.first, p.second});
        }
        dot.resize(entries.size());
        absdot.resize(entries.size());
        for (std::size_t e = 0; e < entries.size(); ++e)
            entry_dot(entries[e].i, entries[e].j, dot[e], absdot[e]);

        if (!full) {
            // row sums: sum_j (op(A) op(B))_ij = sum_l a_il * (sum_j b_lj)
            std::vector<Acc> bsum(k, 0), babs(k, 0), asum(k, 0), aabs(k, 0);
            for (int l = 0; l < k; ++l)
                for (int j = 0; j < n; ++j) {
                    Acc v = b(l, j);
                    bsum[l] += v;
                    babs[l] += v < 0 ? -v : v;
                }
            for (int i = 0; i < m; ++i)
                for (int l = 0; l < k; ++l) {
                    Acc v = a(i, l);
                    asum[l] += v;
                    aabs[l] += v < 0 ? -v : v;
                }
            row_dot.assign(m, 0);
            row_abs.assign(m, 0);
            for (int i = 0; i < m; ++i)
                for (int l = 0; l < k; ++l) {
                    Acc v = a(i, l);
                    row_dot[i] += v * bsum[l];
                    row_abs[i] += (v < 0 ? -v : v) * babs[l];
                }
            col_dot.assign(n, 0);
            col_abs.assign(n, 0);
            for (int j = 0; j < n; ++j)
                for (int l = 0; l < k; ++l) {
                    Acc v = b(l, j);
                    col_dot[j] += asum[l] * v;
                    col_abs[j] += aabs[l] * (v < 0 ? -v : v);
                }
        }
    }
};

template <class T> struct Combo {
    T alpha, beta;
    bool nan_ab; // A and B hold only NaN (used with alpha == 0)
    bool nan_c;  // C holds NaN before the call (used with beta == 0)
};

// Puts a logical r x c matrix (get(i, j)) into BLAS storage as op^-1 of it.
template <class T, class Get>
StoredMatrix<T> store(int r, int c, bool trans, bool row_major, int pad, bool all_nan,
                      Get get) {
    const int sr = trans ? c : r, sc = trans ? r : c;
    const int ld = std::max(1, row_major ? sc : sr) + pad;
    StoredMatrix<T> s(sr, sc, ld, row_major, tbtest::quiet_nan<T>());
    if (!all_nan)
        for (int i = 0; i < r; ++i)
            for (int j = 0; j < c; ++j) (trans ? s.at(j, i) : s.at(i, j)) = get(i, j);
    return s;
}

class FailureBudget {
public:
    explicit FailureBudget(int n) : left_(n) {}
    bool take() { return left_-- > 0; }

private:
    int left_;
};

// Checks C after one call; returns false (after reporting) on a mismatch.
template <class T>
bool check_result(const Problem<T> &P, const Combo<T> &cb, const StoredMatrix<T> &C,
                  const std::string &ctx, FailureBudget &budget) {
    using Acc = typename AccOf<T>::type;
    const Acc eps = std::numeric_limits<T>::epsilon();
    const Acc eps_acc = std::numeric_limits<Acc>::epsilon();
    const Acc tiny = 4 * static_cast<Acc>(std::numeric_limits<T>::min());
    const Acc alpha = cb.alpha, beta = cb.beta;
    const bool use_ab = cb.alpha != 0 && P.k > 0;
    const bool use_c = cb.beta != 0;
    const Acc factor = 2 * static_cast<Acc>(P.k + 3) * eps;
    bool ok = true;
    std::size_t bad = 0;

    for (std::size_t e = 0; e < P.entries.size(); ++e) {
        const int i = P.entries[e].i, j = P.entries[e].j;
        Acc ref = 0, scale = 0;
        if (use_ab) {
            ref += alpha * P.dot[e];
            scale += std::fabs(static_cast<long double>(alpha)) * P.absdot[e];
        }
        if (use_c) {
            Acc c0 = P.c0(i, j);
            ref += beta * c0;
            scale += std::fabs(static_cast<long double>(beta)) * std::fabs(static_cast<long double>(c0));
        }
        const Acc got = C.at(i, j);
        const Acc bound = factor * scale + tiny;
        const Acc diff = got - ref;
        if (!(std::fabs(static_cast<long double>(diff)) <= bound)) {
            ++bad;
            if (budget.take())
                ADD_FAILURE() << ctx << ": C(" << i << "," << j << ") = " << static_cast<double>(got)
                              << " expected " << static_cast<double>(ref) << " (|diff| "
                              << static_cast<double>(std::fabs(static_cast<long double>(diff)))
                              << " > bound " << static_cast<double>(bound) << ")";
        }
    }
    if (bad) ok = false;

    if (!P.full) {
        // Row sums and column sums of C cover every element.
        std::vector<Acc> rs(P.m, 0), ra(P.m, 0), cs(P.n, 0), ca(P.n, 0);
        std::vector<Acc> r0(P.m, 0), r0a(P.m, 0), c0s(P.n, 0), c0a(P.n, 0);
        for (int i = 0; i < P.m; ++i)
            for (int j = 0; j < P.n; ++j) {
                Acc v = C.at(i, j);
                Acc av = std::fabs(static_cast<long double>(v));
                rs[i] += v, ra[i] += av, cs[j] += v, ca[j] += av;
                if (use_c) {
                    Acc w = P.c0(i, j);
                    Acc aw = std::fabs(static_cast<long double>(w));
                    r0[i] += w, r0a[i] += aw, c0s[j] += w, c0a[j] += aw;
                }
            }
        auto check_sum = [&](const char *what, int idx, Acc got, Acc gotabs, Acc pdot,
                             Acc pabs, Acc csum, Acc cabs, int len) {
            Acc ref = 0, scale = 0;
            if (use_ab) ref += alpha * pdot, scale += std::fabs(static_cast<long double>(alpha)) * pabs;
            if (use_c) ref += beta * csum, scale += std::fabs(static_cast<long double>(beta)) * cabs;
            const Acc bound = factor * scale + 4 * (P.k + len + 3) * eps_acc * (scale + gotabs) +
                              len * tiny;
            const Acc diff = std::fabs(static_cast<long double>(got - ref));
            if (!(diff <= bound)) {
                ok = false;
                if (budget.take())
                    ADD_FAILURE() << ctx << ": " << what << " sum " << idx << " = "
                                  << static_cast<double>(got) << " expected "
                                  << static_cast<double>(ref) << " (|diff| "
                                  << static_cast<double>(diff) << " > bound "
                                  << static_cast<double>(bound) << ")";
            }
        };
        for (int i = 0; i < P.m; ++i)
            check_sum("row", i, rs[i], ra[i], P.row_dot[i], P.row_abs[i], r0[i], r0a[i], P.n);
        for (int j = 0; j < P.n; ++j)
            check_sum("column", j, cs[j], ca[j], P.col_dot[j], P.col_abs[j], c0s[j], c0a[j], P.m);
    }

    const std::size_t outside = C.count_outside_changed(kSentinel<T>);
    if (outside) {
        ok = false;
        if (budget.take())
            ADD_FAILURE() << ctx << ": " << outside
                          << " elements of C's padding/guard zone were written (first at buffer "
                             "position "
                          << C.first_outside_changed(kSentinel<T>) << ", ld " << C.ld() << ")";
    }
    return ok;
}

template <class T>
StoredMatrix<T> make_c(const Problem<T> &P, bool row_major, int pad, bool nan_c) {
    const int ld = std::max(1, row_major ? P.n : P.m) + pad;
    StoredMatrix<T> C(P.m, P.n, ld, row_major, kSentinel<T>);
    for (int i = 0; i < P.m; ++i)
        for (int j = 0; j < P.n; ++j) C.at(i, j) = nan_c ? tbtest::quiet_nan<T>() : P.c0(i, j);
    return C;
}

template <class T>
std::string context(Api api, char ta, char tb, const Problem<T> &P, const Combo<T> &cb, int lda,
                    int ldb, int ldc, int threads) {
    std::ostringstream os;
    os << (sizeof(T) == 4 ? "sgemm" : "dgemm") << " api=" << tbtest::api_name(api) << " transa='"
       << ta << "' transb='" << tb << "' m=" << P.m << " n=" << P.n << " k=" << P.k
       << " alpha=" << static_cast<double>(cb.alpha) << " beta=" << static_cast<double>(cb.beta)
       << " lda=" << lda << " ldb=" << ldb << " ldc=" << ldc << " threads=" << threads
       << (cb.nan_ab ? " [A,B all NaN]" : "") << (cb.nan_c ? " [C NaN before call]" : "");
    return os.str();
}

// One call of the library per thread count, checked.
template <class T>
void run_one(const Problem<T> &P, Api api, char ta, char tb, const Combo<T> &cb, int pad_a,
             int pad_b, int pad_c, FailureBudget &budget) {
    const bool rm = tbtest::api_row_major(api);
    const bool tA = !tbtest::is_notrans(ta), tB = !tbtest::is_notrans(tb);
    StoredMatrix<T> A = store<T>(P.m, P.k, tA, rm, pad_a, cb.nan_ab,
                                 [&](int i, int l) { return P.a(i, l); });
    StoredMatrix<T> B = store<T>(P.k, P.n, tB, rm, pad_b, cb.nan_ab,
                                 [&](int l, int j) { return P.b(l, j); });
    const std::vector<T> a_before = A.buffer(), b_before = B.buffer();

    for (int threads : kThreadCounts) {
        StoredMatrix<T> C = make_c(P, rm, pad_c, cb.nan_c);
        const std::string ctx =
            context(api, ta, tb, P, cb, A.ld(), B.ld(), C.ld(), threads);
        tileblas_set_num_threads(threads);
        tbtest::gemm<T>(api, ta, tb, P.m, P.n, P.k, cb.alpha, A.data(), A.ld(), B.data(), B.ld(),
                        cb.beta, C.data(), C.ld());
        check_result(P, cb, C, ctx, budget);
        if (std::memcmp(a_before.data(), A.buffer().data(), a_before.size() * sizeof(T)) != 0 ||
            std::memcmp(b_before.data(), B.buffer().data(), b_before.size() * sizeof(T)) != 0) {
            if (budget.take()) ADD_FAILURE() << ctx << ": A or B was modified";
        }
    }
    tileblas_set_num_threads(0);
}

// ---------------------------------------------------------------------------
// Sweep: every ABI/layout x transpose pair x alpha/beta combo x threads.

struct Shape {
    char prec; // 's' or 'd'
    int m, n, k;
};

std::ostream &operator<<(std::ostream &os, const Shape &s) {
    return os << s.prec << "gemm m=" << s.m << " n=" << s.n << " k=" << s.k;
}

std::uint64_t seed_of(char prec, int m, int n, int k) {
    return (static_cast<std::uint64_t>(prec) << 56) ^ (static_cast<std::uint64_t>(m) << 36) ^
           (static_cast<std::uint64_t>(n) << 18) ^ static_cast<std::uint64_t>(k) ^ 0x9e3779b97f4a7c15ull;
}

template <class T> void run_sweep(const Shape &s) {
    Problem<T> P;
    P.m = s.m, P.n = s.n, P.k = s.k;
    const std::uint64_t seed = seed_of(s.prec, s.m, s.n, s.k);
    P.generate(seed);
    P.prepare_reference(seed);

    std::mt19937_64 rng(seed + 1);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const std::vector<Combo<T>> combos = {
        {T(1), T(0), false, true},    {T(-1), T(1), false, false},
        {T(0.5), T(-1), false, false}, {T(1.75 * u(rng)), T(u(rng)), false, false},
        {T(1), T(1), false, false},    {T(0), T(0.5), true, false},
        {T(0), T(0), true, true},      {T(-0.5), T(0), false, true},
    };
    const char pairs[4][2] = {{'N', 'N'}, {'N', 'T'}, {'T', 'N'}, {'T', 'T'}};
    const int pads[4] = {0, 3, 1, 8};
    const Api apis[3] = {Api::Fortran, Api::CblasCol, Api::CblasRow};

    FailureBudget budget(12);
    for (Api api : apis)
        for (int t = 0; t < 4; ++t)
            for (std::size_t c = 0; c < combos.size(); ++c) {
                char ta = pairs[t][0], tb = pairs[t][1];
                // 'C' means 'T' for real data; the Fortran ABI must also take
                // lower case.
                if (c % 3 == 2) ta = ta == 'T' ? 'C' : ta, tb = tb == 'T' ? 'C' : tb;
                if (api == Api::Fortran && c % 2 == 1)
                    ta = static_cast<char>(ta + ('a' - 'A')), tb = static_cast<char>(tb + ('a' - 'A'));
                const int idx = static_cast<int>(c) + t;
                run_one(P, api, ta, tb, combos[c], pads[idx % 4], pads[(idx + 1) % 4],
                        pads[(idx + 2) % 4], budget);
            }
}

class GemmSweep : public ::testing::TestWithParam<Shape> {};

TEST_P(GemmSweep, AllVariants) {
    const Shape s = GetParam();
    if (s.prec == 's')
        run_sweep<float>(s);
    else
        run_sweep<double>(s);
}

std::string shape_name(const ::testing::TestParamInfo<Shape> &info) {
    const Shape &s = info.param;
    return std::string(1, s.prec) + "_m" + std::to_string(s.m) + "_n" + std::to_string(s.n) +
           "_k" + std::to_string(s.k);
}

const int kEdgeSizes[] = {0, 1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 257};

std::vector<Shape> sweep_shapes() {
    std::vector<Shape> v;
    for (char p : {'s', 'd'}) {
        // one dimension at a time across the block edges and primes
        for (int x : kEdgeSizes) {
            v.push_back({p, x, 33, 31});
            v.push_back({p, 31, x, 33});
            v.push_back({p, 33, 31, x});
        }
        // all three together
        for (int x : {1, 2, 3, 7, 16, 17, 32, 63, 64, 65, 127, 129})
            v.push_back({p, x, x, x});
        // a few mixed ones
        const int mixed[][3] = {{65, 129, 257}, {257, 17, 129}, {128, 127, 129},
                                {1, 257, 1},    {257, 1, 257},  {15, 7, 257}};
        for (const auto &t : mixed) v.push_back({p, t[0], t[1], t[2]});
    }
    return v;
}

INSTANTIATE_TEST_SUITE_P(Sweep, GemmSweep, ::testing::ValuesIn(sweep_shapes()), shape_name);

// A smaller set, run again under every forced CPU target (see CMakeLists.txt:
// gemm_reference_test --gtest_filter=Core/*).
std::vector<Shape> core_shapes() {
    std::vector<Shape> v;
    for (char p : {'s', 'd'}) {
        for (int x : {1, 7, 16, 17, 33, 65, 129}) v.push_back({p, x, x, x});
        v.push_back({p, 257, 33, 31});
        v.push_back({p, 31, 257, 33});
        v.push_back({p, 35, 33, 1100});
    }
    return v;
}

INSTANTIATE_TEST_SUITE_P(Core, GemmSweep, ::testing::ValuesIn(core_shapes()), shape_name);

// ---------------------------------------------------------------------------
// Large shapes, sparsely: one ABI/transpose/alpha/beta each, both thread
// counts, checked on sampled rows/columns plus all row/column sums.

struct LargeCase {
    const char *name;
    char prec;
    int m, n, k;
    Api api;
    char ta, tb;
    double alpha, beta;
    int pad;
    bool nan_c;
};

std::ostream &operator<<(std::ostream &os, const LargeCase &c) { return os << c.name; }

template <class T> void run_large(const LargeCase &lc) {
    Problem<T> P;
    P.m = lc.m, P.n = lc.n, P.k = lc.k;
    const std::uint64_t seed = seed_of(lc.prec, lc.m, lc.n, lc.k);
    P.generate(seed);
    P.prepare_reference(seed);
    const Combo<T> cb{static_cast<T>(lc.alpha), static_cast<T>(lc.beta), false, lc.nan_c};
    FailureBudget budget(12);
    run_one(P, lc.api, lc.ta, lc.tb, cb, lc.pad, lc.pad == 0 ? 0 : lc.pad + 2,
            lc.pad == 0 ? 0 : lc.pad + 5, budget);
}

class GemmLarge : public ::testing::TestWithParam<LargeCase> {};

TEST_P(GemmLarge, Sampled) {
    const LargeCase lc = GetParam();
    if (lc.prec == 's')
        run_large<float>(lc);
    else
        run_large<double>(lc);
}

const LargeCase kLargeCases[] = {
    {"d_1000_cube_col_NN", 'd', 1000, 1000, 1000, Api::CblasCol, 'N', 'N', 1.0, 0.0, 0, true},
    {"s_1000_cube_f77_TN", 's', 1000, 1000, 1000, Api::Fortran, 'T', 'N', 0.5, -1.0, 5, false},
    {"s_1100x700x1300_row_NT", 's', 1100, 700, 1300, Api::CblasRow, 'N', 'T', -1.0, 0.5, 3, false},
    {"d_1100x700x1300_f77_TT", 'd', 1100, 700, 1300, Api::Fortran, 'T', 'T', 0.37, 1.0, 0, false},
    {"d_k2100_row_TN", 'd', 129, 131, 2100, Api::CblasRow, 'T', 'N', 1.0, -0.25, 1, false},
    {"s_k3000_col_NT", 's', 67, 259, 3000, Api::CblasCol, 'N', 'T', -0.5, 0.0, 2, true},
    {"s_n4200_col_NN", 's', 300, 4200, 70, Api::CblasCol, 'N', 'N', 1.0, 1.0, 0, false},
    {"d_m4200_f77_NT", 'd', 4200, 300, 70, Api::Fortran, 'N', 'T', 2.0, 0.5, 4, false},
    {"d_n4133_col_TN", 'd', 131, 4133, 300, Api::CblasCol, 'T', 'N', -1.0, 0.0, 2, true},
    {"s_4113x4099_row_TN", 's', 4113, 4099, 17, Api::CblasRow, 'T', 'N', 1.0, 0.0, 1, true},
    // Two threads take column ranges that need different numbers of NC
    // blocks (1024 | 1032 columns for zen5's NC = 1024, 4092 | 4098 for
    // avx512's 4092): each runs its own block loop, with no barrier between
    // them (a shared one deadlocked).
    {"s_n2056_col_NN_uneven_blocks", 's', 64, 2056, 64, Api::CblasCol, 'N', 'N', 1.0, 0.0, 0, false},
    {"d_n8190_col_NN_uneven_blocks", 'd', 64, 8190, 40, Api::CblasCol, 'N', 'N', 1.0, 0.5, 0, false},
    // Skinny C (a few column slivers wide or row tiles high) runs unpacked at
    // any size, its row tiles or columns shared by the threads, over several
    // depth blocks; a transposed A is copied column-major first.
    {"s_4100x17x1100_col_NN_narrow", 's', 4100, 17, 1100, Api::CblasCol, 'N', 'N', 1.0, 0.0, 3, true},
    {"d_2999x45x170_f77_TN_narrow", 'd', 2999, 45, 170, Api::Fortran, 'T', 'N', -0.5, 0.5, 2, false},
    {"s_37x2000x800_row_NT_narrow", 's', 37, 2000, 800, Api::CblasRow, 'N', 'T', 0.5, 0.0, 0, true},
    // A narrow C whose A comes from memory may run a second, wider register
    // tile (zen4's 3 x 8 vectors): C just over one sliver wide, and 8 NR
    // wide with a last vector of under half the lanes.
    {"d_3003x7x2000_col_NN_narrow_tile", 'd', 3003, 7, 2000, Api::CblasCol, 'N', 'N', 1.0, 0.5, 1, false},
    {"s_2053x48x1500_f77_NN_narrow_tile", 's', 2053, 48, 1500, Api::Fortran, 'N', 'N', -1.0, 0.0, 0, true},
    // A C of up to 512 x 512 runs unpacked on a team too (packed on one
    // thread past the small-problem volume); a skinny C up to 32 slivers.
    {"d_500x400x700_col_NN_team_unpacked", 'd', 500, 400, 700, Api::CblasCol, 'N', 'N', 1.0, 0.5, 1, false},
    {"s_450x450x600_row_TN_team_unpacked", 's', 450, 450, 600, Api::CblasRow, 'T', 'N', -1.0, 0.0, 2, true},
    {"d_3000x150x400_f77_NN_team_skinny", 'd', 3000, 150, 400, Api::Fortran, 'N', 'N', 0.5, 1.0, 0, false},
    {"s_100x2500x1000_f77_NN_short", 's', 100, 2500, 1000, Api::Fortran, 'N', 'N', 1.0, -1.0, 0, false},
    {"d_61x3001x900_col_NT_short", 'd', 61, 3001, 900, Api::CblasCol, 'N', 'T', 1.0, 1.0, 1, false},
    // A short C from memory: column sliver by sliver, each over runs of
    // depth blocks (several runs, the last one partial), 2-4 row tiles.
    {"s_40x3001x3000_col_NN_short_runs", 's', 40, 3001, 3000, Api::CblasCol, 'N', 'N', 1.0, 0.5, 0, false},
    {"d_27x2003x2500_f77_NT_short_runs", 'd', 27, 2003, 2500, Api::Fortran, 'N', 'T', -1.0, 0.0, 2, true},
    {"s_3001x19x2000_row_NN_short_runs", 's', 3001, 19, 2000, Api::CblasRow, 'N', 'N', 0.5, 1.0, 1, false},
    // A^T B with a small C over a long depth runs as dot products (both
    // operands read along the depth, a masked last vector).
    {"s_24x24x100003_col_TN_dot", 's', 24, 24, 100003, Api::CblasCol, 'T', 'N', 1.0, 0.0, 1, true},
    {"d_128x16x20001_f77_TN_dot", 'd', 128, 16, 20001, Api::Fortran, 'T', 'N', -0.5, 0.5, 3, false},
    {"s_7x5x3001_row_NT_dot", 's', 7, 5, 3001, Api::CblasRow, 'N', 'T', 0.5, 1.0, 2, false},
    // A^T B^T with C narrower than a vector: dot products, B^T copied along
    // the depth a block at a time.
    {"s_100x9x40001_f77_TT_dot", 's', 100, 9, 40001, Api::Fortran, 'T', 'T', 1.0, 0.5, 2, false},
    {"d_5x61x3001_row_TT_dot", 'd', 5, 61, 3001, Api::CblasRow, 'T', 'T', -1.0, 0.0, 0, true},
    {"s_37x15x256_col_TT_dot", 's', 37, 15, 256, Api::CblasCol, 'T', 'T', 0.5, 0.0, 1, true},
    // A^T B^T with a wider C: C^T = B A into a scratch, added to C transposed.
    {"s_24x20x70001_f77_TT_transposed", 's', 24, 20, 70001, Api::Fortran, 'T', 'T', 1.0, 0.5, 2, false},
    {"d_100x9x40001_row_TT_transposed", 'd', 100, 9, 40001, Api::CblasRow, 'T', 'T', -1.0, 0.0, 0, true},
    {"d_128x128x300_col_TT_transposed", 'd', 128, 128, 300, Api::CblasCol, 'T', 'T', 0.5, -1.0, 3, false},
    {"s_77x16x257_col_TT_transposed", 's', 77, 16, 257, Api::CblasCol, 'T', 'T', 2.0, 0.0, 1, true},
};

INSTANTIATE_TEST_SUITE_P(Large, GemmLarge, ::testing::ValuesIn(kLargeCases),
                         [](const ::testing::TestParamInfo<LargeCase> &i) {
                             return std::string(i.param.name);
                         });

// ---------------------------------------------------------------------------
// Operands that end exactly where an inaccessible page begins: a kernel that
// reads A or touches C even one element past its end crashes the test.  The
// small unpacked path reads A and writes C in place, masking a last vector
// of fewer rows than the SIMD width; these shapes exercise every such tail
// (and whole-vector row counts) on each forced target.

template <class T> class PageEdgeArray {
  public:
    explicit PageEdgeArray(std::size_t count) {
        const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        const std::size_t bytes = count * sizeof(T);
        mapped_ = (bytes + page - 1) / page * page + page;
        void *base = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                          -1, 0);
        if (base == MAP_FAILED) return;
        base_ = static_cast<char *>(base);
        mprotect(base_ + mapped_ - page, page, PROT_NONE);
        data_ = reinterpret_cast<T *>(base_ + mapped_ - page - bytes);
    }
    ~PageEdgeArray() {
        if (base_) munmap(base_, mapped_);
    }
    PageEdgeArray(const PageEdgeArray &) = delete;
    PageEdgeArray &operator=(const PageEdgeArray &) = delete;
    T *data() const { return data_; }

  private:
    char *base_ = nullptr;
    std::size_t mapped_ = 0;
    T *data_ = nullptr;
};

// op(A) = A (m x k, lda = m) or, when trans_a, A^T (A stored k x m, lda = k:
// the small path copies it column-major through lane-masked transposes).
void cblas_gemm_xn(bool trans_a, int m, int n, int k, float alpha, const float *a,
                   const float *b, float beta, float *c) {
    cblas_sgemm(CblasColMajor, trans_a ? CblasTrans : CblasNoTrans, CblasNoTrans, m, n, k, alpha,
                a, trans_a ? k : m, b, k, beta, c, m);
}
void cblas_gemm_xn(bool trans_a, int m, int n, int k, double alpha, const double *a,
                   const double *b, double beta, double *c) {
    cblas_dgemm(CblasColMajor, trans_a ? CblasTrans : CblasNoTrans, CblasNoTrans, m, n, k, alpha,
                a, trans_a ? k : m, b, k, beta, c, m);
}

// C (m x n, beta 0) = A^T B with A stored k x m and B k x n, lda = ldb = k.
void gemm_tn(int m, int n, int k, const float *a, const float *b, float *c) {
    cblas_sgemm(CblasColMajor, CblasTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b, k, 0.0f, c, m);
}
void gemm_tn(int m, int n, int k, const double *a, const double *b, double *c) {
    cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, m, n, k, 1.0, a, k, b, k, 0.0, c, m);
}

template <class T> void check_page_edges() {
    std::mt19937 rng(12345);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    const T eps = std::numeric_limits<T>::epsilon();
    for (bool trans_a : {false, true})
        for (int m : {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 23, 24, 31, 33, 40, 47, 49, 63, 65, 71})
            for (int k : {1, 6, 17, 67}) {
                const int n = 11;
                PageEdgeArray<T> a(std::size_t(m) * k), c(std::size_t(m) * n);
                ASSERT_TRUE(a.data() && c.data()) << "mmap failed";
                std::vector<T> b(std::size_t(k) * n), c0(std::size_t(m) * n);
                for (std::size_t i = 0; i < std::size_t(m) * k; ++i) a.data()[i] = T(dist(rng));
                for (T &x : b) x = T(dist(rng));
                for (T &x : c0) x = T(dist(rng));
                const auto op_a = [&](int i, int p) {
                    return double(a.data()[trans_a ? p + std::size_t(i) * k
                                                   : i + std::size_t(p) * m]);
                };
                for (T beta : {T(0), T(0.5)}) {
                    std::copy(c0.begin(), c0.end(), c.data());
                    cblas_gemm_xn(trans_a, m, n, k, T(1), a.data(), b.data(), beta, c.data());
                    for (int j = 0; j < n; ++j)
                        for (int i = 0; i < m; ++i) {
                            double ref = double(beta) * double(c0[i + std::size_t(j) * m]);
                            for (int p = 0; p < k; ++p)
                                ref += op_a(i, p) * double(b[p + std::size_t(j) * k]);
                            ASSERT_NEAR(double(c.data()[i + std::size_t(j) * m]), ref,
                                        2.0 * (k + 3) * double(eps) * (k + 1))
                                << "trans_a=" << trans_a << " m=" << m << " k=" << k
                                << " beta=" << beta << " at (" << i << "," << j << ")";
                        }
                }
            }
}

// The dot-product path (op(A) = A^T, op(B) = B, a long depth) reads both
// operands along the depth, its last vector masked: A and B end where an
// inaccessible page begins.
template <class T> void check_dot_page_edges() {
    std::mt19937 rng(777);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    const double eps = double(std::numeric_limits<T>::epsilon());
    for (int k : {256, 257, 263, 270, 1000})
        for (int m : {1, 5, 24})
            for (int n : {1, 3, 7}) {
                PageEdgeArray<T> a(std::size_t(k) * m), b(std::size_t(k) * n);
                ASSERT_TRUE(a.data() && b.data()) << "mmap failed";
                for (std::size_t i = 0; i < std::size_t(k) * m; ++i) a.data()[i] = T(dist(rng));
                for (std::size_t i = 0; i < std::size_t(k) * n; ++i) b.data()[i] = T(dist(rng));
                std::vector<T> c(std::size_t(m) * n, std::numeric_limits<T>::quiet_NaN());
                gemm_tn(m, n, k, a.data(), b.data(), c.data());
                for (int j = 0; j < n; ++j)
                    for (int i = 0; i < m; ++i) {
                        double ref = 0;
                        for (int p = 0; p < k; ++p)
                            ref += double(a.data()[p + std::size_t(i) * k]) *
                                   double(b.data()[p + std::size_t(j) * k]);
                        ASSERT_NEAR(double(c[i + std::size_t(j) * m]), ref, 2.0 * k * eps)
                            << "m=" << m << " n=" << n << " k=" << k << " at (" << i << ","
                            << j << ")";
                    }
            }
}

TEST(CorePageEdge, SgemmTouchesNothingPastAOrC) { check_page_edges<float>(); }
TEST(CorePageEdge, DgemmTouchesNothingPastAOrC) { check_page_edges<double>(); }
TEST(CorePageEdge, SgemmDotProductsTouchNothingPastAOrB) { check_dot_page_edges<float>(); }
TEST(CorePageEdge, DgemmDotProductsTouchNothingPastAOrB) { check_dot_page_edges<double>(); }

} // namespace
