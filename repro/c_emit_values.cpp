// The C literals of a trace's values: strings, numbers, GIDs.
#include "repro/c_emit.h"

namespace ibvcert::c_emit {

std::string lit(const std::string &s)
{
	std::string out = "\"";
	for (char c : s) {
		if (c == '"' || c == '\\')
			out += '\\';
		if (c == '\n') {
			out += "\\n";
			continue;
		}
		out += c;
	}
	return out + "\"";
}

std::string num(uint64_t v)
{
	return v > 0xffffffffull ? fmt::format("0x{:x}ULL", v) : fmt::format("{}", v);
}

ibv_gid gid_from_hex(const std::string &hex)
{
	ibv_gid g{};
	for (size_t i = 0; i < 16 && 2 * i + 1 < hex.size(); i++)
		g.raw[i] = (uint8_t)std::stoul(hex.substr(2 * i, 2), nullptr, 16);
	return g;
}

} // namespace ibvcert::c_emit
