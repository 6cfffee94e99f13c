// gemm_matrix.h -- a matrix held in a buffer the way BLAS sees it (leading
// dimension, layout, padding) with guard zones before and after, so a test can
// tell the elements the call may touch from the ones it must leave alone.
#ifndef TILEBLAS_TEST_GEMM_MATRIX_H
#define TILEBLAS_TEST_GEMM_MATRIX_H

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <vector>

namespace tbtest {

template <class T> class StoredMatrix {
public:
    static constexpr std::size_t kGuard = 24;

    StoredMatrix(int rows, int cols, int ld, bool row_major, T fill)
        : rows_(rows), cols_(cols), ld_(ld), row_major_(row_major),
          extent_(static_cast<std::size_t>(ld) *
                  static_cast<std::size_t>(row_major ? rows : cols)),
          buf_(extent_ + 2 * kGuard, fill) {}

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int ld() const { return ld_; }
    T *data() { return buf_.data() + kGuard; }
    const T *data() const { return buf_.data() + kGuard; }

    std::size_t offset(int i, int j) const {
        return row_major_ ? static_cast<std::size_t>(i) * ld_ + j
                          : i + static_cast<std::size_t>(j) * ld_;
    }
    T &at(int i, int j) { return data()[offset(i, j)]; }
    const T &at(int i, int j) const { return data()[offset(i, j)]; }

    // Whether buffer position p (0-based in the whole buffer, guards included)
    // holds an element of the rows x cols matrix.
    bool inside(std::size_t p) const {
        if (p < kGuard || p - kGuard >= extent_) return false;
        std::size_t off = p - kGuard;
        std::size_t major = off / ld_, minor = off % ld_;
        return row_major_ ? (major < static_cast<std::size_t>(rows_) &&
                             minor < static_cast<std::size_t>(cols_))
                          : (minor < static_cast<std::size_t>(rows_) &&
                             major < static_cast<std::size_t>(cols_));
    }

    std::vector<T> &buffer() { return buf_; }
    const std::vector<T> &buffer() const { return buf_; }

    // Positions outside the matrix whose bits differ from `sentinel`.
    std::size_t count_outside_changed(T sentinel) const {
        std::size_t bad = 0;
        for (std::size_t p = 0; p < buf_.size(); ++p)
            if (!inside(p) && std::memcmp(&buf_[p], &sentinel, sizeof(T)) != 0) ++bad;
        return bad;
    }

    std::size_t first_outside_changed(T sentinel) const {
        for (std::size_t p = 0; p < buf_.size(); ++p)
            if (!inside(p) && std::memcmp(&buf_[p], &sentinel, sizeof(T)) != 0) return p;
        return buf_.size();
    }

private:
    int rows_, cols_, ld_;
    bool row_major_;
    std::size_t extent_;
    std::vector<T> buf_;
};

template <class T> T quiet_nan() { return std::numeric_limits<T>::quiet_NaN(); }

template <class T> bool same_bits(T a, T b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

} // namespace tbtest

#endif
