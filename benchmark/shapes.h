// shapes.h -- the GEMM problems the benchmark runs.
#pragma once

#include <string>
#include <vector>

// One GEMM: C(m x n) = op(A)(m x k) * B(k x n), column-major, op(B) = B.
struct Shape {
    int m, n, k;
    bool trans_a;   // true: A is stored k x m and used transposed ("TN")
    std::string label() const;   // e.g. "1024" or "4096x16x4096 TN"
};

std::vector<Shape> quick_shapes();
std::vector<Shape> full_shapes();

// "256,1000,1023x1025x1027,1024:tn" -> shapes; empty on a syntax error.
std::vector<Shape> parse_shapes(const std::string &list);
