// bad_input_test.cpp -- arguments at the edges of what is legal, beyond the
// one-bad-argument-at-a-time cases of gemm_xerbla_test:
//   * every parameter of s/dgemm_ illegal at once and in pairs: the lowest
//     number is reported, nothing is read or written (all pointers NULL);
//   * zero dimensions with NULL arrays are legal and touch nothing;
//   * leading dimensions so large that j * ld exceeds 2^31 elements: the
//     index arithmetic must be 64-bit.  The arrays live in sparse
//     MAP_NORESERVE mappings (16 GiB and more of address space), of which only
//     the touched pages ever become memory.
#include <gtest/gtest.h>

#include <cblas.h>
#include <sys/mman.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <vector>

#include "fortran_blas.h"
#include "reliability_util.h"
#include "xerbla_recorder.h"

namespace {

using tbtest::clear_xerbla_calls;
using tbtest::xerbla_calls;

int dgemm_info(char ta, char tb, int m, int n, int k, int lda, int ldb, int ldc,
               const double *a = nullptr, const double *b = nullptr, double *c = nullptr) {
    const double alpha = 1, beta = 0;
    clear_xerbla_calls();
    dgemm_(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
    if (xerbla_calls().empty()) return 0;
    EXPECT_EQ(xerbla_calls().size(), 1u);
    EXPECT_EQ(xerbla_calls()[0].name, "DGEMM ");
    return xerbla_calls()[0].info;
}

TEST(BadInput, EveryGemmParameterIllegalReportsTheLowest) {
    // All pointers are NULL: an argument check that read an array first
    // would crash instead of reporting.
    EXPECT_EQ(dgemm_info('X', 'Y', -1, -1, -1, 0, 0, 0), 1);
    EXPECT_EQ(dgemm_info('N', 'Y', -1, -1, -1, 0, 0, 0), 2);
    EXPECT_EQ(dgemm_info('N', 'N', -1, -1, -1, 0, 0, 0), 3);
    EXPECT_EQ(dgemm_info('N', 'N', 2, -1, -1, 0, 0, 0), 4);
    EXPECT_EQ(dgemm_info('N', 'N', 2, 2, -1, 0, 0, 0), 5);
    EXPECT_EQ(dgemm_info('N', 'N', 2, 2, 2, 1, 0, 0), 8);
    EXPECT_EQ(dgemm_info('N', 'N', 2, 2, 2, 2, 1, 0), 10);
    EXPECT_EQ(dgemm_info('N', 'N', 2, 2, 2, 2, 2, 1), 13);
    // Extremes of int: INT_MIN sizes, a lone bad ld next to huge legal ones.
    EXPECT_EQ(dgemm_info('T', 'C', INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MIN), 3);
    EXPECT_EQ(dgemm_info('n', 't', 4, 4, 4, INT_MAX, INT_MAX, 3), 13);
    EXPECT_EQ(dgemm_info('t', 'n', 4, 4, INT_MAX, INT_MAX - 1, INT_MAX, 4), 8);
    EXPECT_EQ(dgemm_info('\0', 'N', 1, 1, 1, 1, 1, 1), 1);
    // Lower-case and 'C' are legal for real routines.
    EXPECT_EQ(dgemm_info('c', 'c', 0, 0, 0, 1, 1, 1), 0);
}

TEST(BadInput, ZeroDimensionsWithNullArraysAreLegalAndTouchNothing) {
    for (char ta : {'N', 'T'})
        for (char tb : {'N', 'T'}) {
            EXPECT_EQ(dgemm_info(ta, tb, 0, 0, 0, 1, 1, 1), 0);
            EXPECT_EQ(dgemm_info(ta, tb, 0, 5, 7, 7, 7, 1), 0);
            EXPECT_EQ(dgemm_info(ta, tb, 5, 0, 7, 7, 7, 5), 0);
            EXPECT_EQ(dgemm_info(ta, tb, 0, 0, 3, 3, 3, 1), 0);
        }
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 0, 0, 0, 1.0f, nullptr, 1, nullptr, 1,
                0.0f, nullptr, 1);
    // k = 0: C = beta C, A and B (m x 0, 0 x n) may be NULL.
    std::vector<double> c(6, 2.0);
    EXPECT_EQ(dgemm_info('N', 'N', 2, 3, 0, 2, 1, 2, nullptr, nullptr, c.data()), 0);
    for (double x : c) EXPECT_EQ(x, 0.0);  // beta = 0 wrote zeros
}

// An array of `count` elements in a private MAP_NORESERVE mapping: address
// space only; the pages the test and the call touch are all that is ever
// backed by memory.
template <class T> class Sparse {
public:
    explicit Sparse(std::uint64_t count) : bytes_(count * sizeof(T)) {
        void *p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        data_ = p == MAP_FAILED ? nullptr : static_cast<T *>(p);
    }
    ~Sparse() {
        if (data_) munmap(data_, bytes_);
    }
    Sparse(const Sparse &) = delete;
    Sparse &operator=(const Sparse &) = delete;
    T *data() const { return data_; }

private:
    std::size_t bytes_;
    T *data_;
};

// Just past 2^30: with 3 columns the last one starts beyond element 2^31
// (where a 32-bit index would wrap negative).
constexpr int kHugeLd = (1 << 30) + 40;

template <class T> void fill(T *x, std::uint64_t at, double v) { x[at] = static_cast<T>(v); }

// C (m x n, ldc huge) = op(A) op(B) with op(A), op(B) small dense matrices in
// sparse storage too when `huge_a` / `huge_b`.  Column-major, Fortran ABI.
template <class T>
void huge_ld_case(char ta, char tb, int m, int n, int k, bool huge_a, bool huge_b) {
    const bool nota = ta == 'N', notb = tb == 'N';
    const int rows_a = nota ? m : k, cols_a = nota ? k : m;
    const int rows_b = notb ? k : n, cols_b = notb ? n : k;
    const int lda = huge_a ? kHugeLd : rows_a, ldb = huge_b ? kHugeLd : rows_b, ldc = kHugeLd;
    Sparse<T> A(std::uint64_t(lda) * (cols_a - 1) + rows_a), B(std::uint64_t(ldb) * (cols_b - 1) + rows_b),
        C(std::uint64_t(ldc) * (n - 1) + m);
    if (!A.data() || !B.data() || !C.data()) GTEST_SKIP() << "no address space for sparse arrays";
    auto a_at = [&](int i, int p) {  // op(A)(i, p)
        return nota ? i + std::uint64_t(p) * lda : p + std::uint64_t(i) * lda;
    };
    auto b_at = [&](int p, int j) { return notb ? p + std::uint64_t(j) * ldb : j + std::uint64_t(p) * ldb; };
    for (int i = 0; i < m; ++i)
        for (int p = 0; p < k; ++p) fill(A.data(), a_at(i, p), 0.25 * ((i + 2 * p) % 7) - 0.5);
    for (int p = 0; p < k; ++p)
        for (int j = 0; j < n; ++j) fill(B.data(), b_at(p, j), 0.5 * ((3 * p + j) % 5) - 1.0);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) C.data()[i + std::uint64_t(j) * ldc] = T(1);
    // Sentinels right after each column's m elements and before the next:
    // a wrapped 32-bit index would land elsewhere and leave C unchanged, or
    // write over these.
    for (int j = 0; j + 1 < n; ++j) C.data()[m + std::uint64_t(j) * ldc] = T(-99);

    const T alpha = T(2), beta = T(0.5);
    clear_xerbla_calls();
    if constexpr (sizeof(T) == 8)
        dgemm_(&ta, &tb, &m, &n, &k, &alpha, A.data(), &lda, B.data(), &ldb, &beta, C.data(), &ldc, 1, 1);
    else
        sgemm_(&ta, &tb, &m, &n, &k, &alpha, A.data(), &lda, B.data(), &ldb, &beta, C.data(), &ldc, 1, 1);
    ASSERT_TRUE(xerbla_calls().empty()) << "legal huge leading dimension rejected";
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < m; ++i) {
            double s = 0;
            for (int p = 0; p < k; ++p) s += double(A.data()[a_at(i, p)]) * double(B.data()[b_at(p, j)]);
            const double want = 2 * s + 0.5;
            EXPECT_NEAR(double(C.data()[i + std::uint64_t(j) * ldc]), want, 1e-4 * (1 + std::fabs(want)))
                << ta << tb << " C(" << i << "," << j << ")";
        }
        if (j + 1 < n) EXPECT_EQ(C.data()[m + std::uint64_t(j) * ldc], T(-99)) << "column " << j;
    }
}

TEST(BadInput, LeadingDimensionsBeyondTwoToThe31Elements) {
    // The brief's case: dgemm m = 2, n = 3 with ldc = 2^30 + 40, so column
    // 2 starts at element 2^31 + 80.
    huge_ld_case<double>('N', 'N', 2, 3, 4, false, false);
    // Huge lda / ldb too, through the unpacked small path (op(A) column-major)
    // and the packed one (A transposed), both element types.
    huge_ld_case<double>('N', 'T', 2, 3, 3, true, true);
    huge_ld_case<double>('T', 'N', 3, 3, 5, true, true);
    huge_ld_case<float>('T', 'T', 3, 3, 3, true, true);
    huge_ld_case<float>('N', 'N', 17, 3, 3, true, true);
}

TEST(BadInput, RowMajorLeadingDimensionBeyondTwoToThe31Elements) {
    // Row-major: row i of C starts at i * ldc.
    const int m = 3, n = 2, k = 2, ldc = kHugeLd;
    Sparse<double> C(std::uint64_t(ldc) * (m - 1) + n);
    if (!C.data()) GTEST_SKIP() << "no address space for a sparse array";
    const double a[m * k] = {1, 2, 3, 4, 5, 6}, b[k * n] = {1, 0, 0, 1};  // B = I
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, k, b, n, 0.0,
                C.data(), ldc);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j)
            EXPECT_EQ(C.data()[std::uint64_t(i) * ldc + j], a[i * k + j]) << i << "," << j;
}

}  // namespace
