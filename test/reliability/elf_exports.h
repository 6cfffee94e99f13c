// elf_exports.h -- the names a shared library exports (defined global or
// weak functions and objects of its .dynsym), read from the ELF file itself
// so a test needs no binutils.  64-bit little-endian ELF (x86-64) only.
#ifndef TILEBLAS_TEST_ELF_EXPORTS_H
#define TILEBLAS_TEST_ELF_EXPORTS_H

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

namespace reltest {

// Empty when the file cannot be read or is not a 64-bit ELF with a .dynsym.
inline std::set<std::string> elf_exports(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<char> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::set<std::string> names;
    if (file.size() < sizeof(Elf64_Ehdr) || std::memcmp(file.data(), ELFMAG, SELFMAG) != 0 ||
        file[EI_CLASS] != ELFCLASS64)
        return names;
    auto inside = [&](std::size_t off, std::size_t len) { return off <= file.size() && len <= file.size() - off; };
    Elf64_Ehdr eh;
    std::memcpy(&eh, file.data(), sizeof eh);
    if (!inside(eh.e_shoff, std::size_t(eh.e_shnum) * sizeof(Elf64_Shdr))) return names;
    std::vector<Elf64_Shdr> sections(eh.e_shnum);
    std::memcpy(sections.data(), file.data() + eh.e_shoff, sections.size() * sizeof(Elf64_Shdr));
    for (const Elf64_Shdr &s : sections) {
        if (s.sh_type != SHT_DYNSYM || s.sh_link >= sections.size()) continue;
        const Elf64_Shdr &strtab = sections[s.sh_link];
        if (!inside(s.sh_offset, s.sh_size) || !inside(strtab.sh_offset, strtab.sh_size)) continue;
        for (std::size_t off = 0; off + sizeof(Elf64_Sym) <= s.sh_size; off += sizeof(Elf64_Sym)) {
            Elf64_Sym sym;
            std::memcpy(&sym, file.data() + s.sh_offset + off, sizeof sym);
            const int bind = ELF64_ST_BIND(sym.st_info), type = ELF64_ST_TYPE(sym.st_info);
            if (sym.st_shndx == SHN_UNDEF || sym.st_name >= strtab.sh_size) continue;
            if (bind != STB_GLOBAL && bind != STB_WEAK) continue;
            if (type != STT_FUNC && type != STT_OBJECT) continue;
            const char *name = file.data() + strtab.sh_offset + sym.st_name;
            names.insert(std::string(name, strnlen(name, strtab.sh_size - sym.st_name)));
        }
    }
    return names;
}

}  // namespace reltest

#endif
