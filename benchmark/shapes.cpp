// shapes.cpp -- the shape lists behind --quick, --full and --sizes.
#include "shapes.h"

#include <cstdio>
#include <sstream>

std::string Shape::label() const {
    std::string s = (m == n && n == k)
        ? std::to_string(m)
        : std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
    return trans_a ? s + " TN" : s;
}

std::vector<Shape> quick_shapes() {
    return {{256, 256, 256, false}, {1024, 1024, 1024, false}, {2048, 2048, 2048, false}};
}

std::vector<Shape> full_shapes() {
    std::vector<Shape> v;
    // Square: small sizes show call overhead and edge handling, large ones
    // the steady-state kernel and cache blocking.
    for (int s : {64, 96, 128, 192, 256, 384, 512, 1024, 2048, 4096})
        v.push_back({s, s, s, false});
    // Odd: nothing divides the register or cache blocks.
    v.push_back({1000, 1000, 1000, false});
    v.push_back({1023, 1025, 1027, false});
    // Skinny: short k (rank-k update), short m, short n, matrix-vector-like.
    v.push_back({4096, 4096, 64, false});
    v.push_back({64, 4096, 4096, false});
    v.push_back({4096, 64, 4096, false});
    v.push_back({4096, 16, 4096, false});
    v.push_back({16, 16, 4096, false});
    // Transposed A: a different packing path.
    v.push_back({1024, 1024, 1024, true});
    return v;
}

std::vector<Shape> parse_shapes(const std::string &list) {
    std::vector<Shape> out;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ',')) {
        Shape s{0, 0, 0, false};
        std::string dims = item;
        auto colon = item.find(':');
        if (colon != std::string::npos) {
            std::string op = item.substr(colon + 1);
            if (op != "tn" && op != "TN" && op != "nn" && op != "NN") return {};
            s.trans_a = (op == "tn" || op == "TN");
            dims = item.substr(0, colon);
        }
        int m = 0, n = 0, k = 0;
        char tail = 0;
        if (std::sscanf(dims.c_str(), "%dx%dx%d%c", &m, &n, &k, &tail) == 3) {
            s.m = m; s.n = n; s.k = k;
        } else if (std::sscanf(dims.c_str(), "%d%c", &m, &tail) == 1) {
            s.m = s.n = s.k = m;
        } else {
            return {};
        }
        if (s.m <= 0 || s.n <= 0 || s.k <= 0) return {};
        out.push_back(s);
    }
    return out;
}
