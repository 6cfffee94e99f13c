// peers.h -- the libraries tileblas is compared with, and how to find, open
// and identify each one (tileblas itself included).
#pragma once

#include <string>
#include <vector>

#include "blas_lib.h"

struct PeerSpec {
    const char *id;     // name on the command line and in the table
    const char *what;   // one-line description for the header
};

const std::vector<PeerSpec> &all_peers();
const PeerSpec *find_peer(const std::string &id);
std::string peer_ids_joined();                 // "openblas, openblas-new, ..."
std::vector<std::string> quick_peer_ids();
std::vector<std::string> full_peer_ids();

// Finds and opens a peer.  False (with the reason in *why) when it is not
// installed or not usable; the caller reports it "absent" and goes on.
bool load_peer(const std::string &id, BlasLib *lib, std::string *why);

// Opens the tileblas library under test.
bool load_tileblas(const std::string &path, BlasLib *lib, std::string *why);
