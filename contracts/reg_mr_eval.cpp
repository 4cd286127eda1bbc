#include "contracts/reg_mr_eval.h"

#include "contracts/names.h"

#include <fmt/format.h>

namespace ibvcert {

Verdict evaluate_reg_mr(int access)
{
	Verdict v;
	for (const ContractRule *r : rules_of(Verb::RegMr)) {
		if (r->check != Check::BitsRequire)
			continue;
		uint64_t needs = (uint64_t)r->hi.offset;
		if ((access & r->bits) && (access & needs) != needs)
			v.breaches.push_back({r, fmt::format("{}={:#x} has a bit of {:#x} without {:#x}", r->field,
							     (unsigned)access, r->bits, needs)});
	}
	return v;
}

} // namespace ibvcert
