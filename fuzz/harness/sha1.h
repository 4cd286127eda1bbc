// SHA-1 (FIPS 180-1) of a byte string, as lowercase hex: the name libFuzzer
// gives a crash file (crash-<sha1>), so a reproducer can name it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ibvcert::fuzz {

std::string sha1_hex(const uint8_t *data, size_t size);

} // namespace ibvcert::fuzz
