#include "fuzz/harness/sha1.h"

#include <cstring>

namespace ibvcert::fuzz {
namespace {

uint32_t rol(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

void block(uint32_t h[5], const uint8_t *p)
{
	uint32_t w[80];
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	for (int i = 0; i < 80; i++) {
		uint32_t f, k;
		if (i < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		uint32_t t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = c;
		c = rol(b, 30);
		b = a;
		a = t;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

} // namespace

std::string sha1_hex(const uint8_t *data, size_t size)
{
	uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
	size_t full = size / 64 * 64;
	for (size_t i = 0; i < full; i += 64)
		block(h, data + i);
	// The tail, the 0x80 marker, zeros, and the length in bits (big-endian).
	uint8_t tail[128] = {};
	size_t rest = size - full;
	if (rest)
		memcpy(tail, data + full, rest);
	tail[rest] = 0x80;
	size_t tail_len = rest + 1 + 8 <= 64 ? 64 : 128;
	uint64_t bits = (uint64_t)size * 8;
	for (int i = 0; i < 8; i++)
		tail[tail_len - 1 - i] = (uint8_t)(bits >> (8 * i));
	for (size_t i = 0; i < tail_len; i += 64)
		block(h, tail + i);
	static const char hex[] = "0123456789abcdef";
	std::string out;
	for (uint32_t word : h)
		for (int shift = 28; shift >= 0; shift -= 4)
			out += hex[(word >> shift) & 0xf];
	return out;
}

} // namespace ibvcert::fuzz
