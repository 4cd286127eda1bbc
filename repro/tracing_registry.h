// What a tracing device (tracing_device.h) knows of the objects it handed
// out that are still live: the wrappers by their inner objects, the MRs and
// AHs by what a WR carries, and the first object of each kind a case made.
#pragma once

#include <infiniband/verbs.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

namespace ibvcert::tracing {

// What the trace knows of the live objects: wrappers by the inner object
// (async events name inner objects), and MRs and AHs by what WRs carry.
struct Registry {
	std::map<const void *, std::pair<std::string, void *>> by_inner; // inner -> (id, wrapper)
	struct MrInfo {
		std::string id;
		uintptr_t addr;
		size_t length;
		uint32_t lkey, rkey;
	};
	std::map<std::string, MrInfo> mrs;
	std::map<const ibv_ah *, std::string> ahs;
	// The first QP (per QP type), CQ and SRQ the case created, as viewed then.
	std::map<std::string, nlohmann::json> first_created;
	int first_created_case = 0;

	// {"mr": id, "offset": n} for an address inside a registered buffer.
	nlohmann::json address(uint64_t addr) const
	{
		for (const auto &[id, m] : mrs)
			if (addr >= m.addr && addr <= m.addr + m.length)
				return {{"mr", id}, {"offset", addr - m.addr}};
		return {{"value", addr}};
	}
	nlohmann::json key(uint32_t key, bool remote) const
	{
		for (const auto &[id, m] : mrs)
			if ((remote ? m.rkey : m.lkey) == key)
				return {{"mr", id}};
		return {{"value", key}};
	}
};
using RegistryRef = std::shared_ptr<Registry>;

} // namespace ibvcert::tracing
