#include "properties/read_back.h"

#include "contracts/qp_attr_table.h"

namespace ibvcert {

const std::vector<ReadBackRule> &read_back_rules()
{
	static const std::vector<ReadBackRule> rules = {
		{IBV_QP_CAP, ReadBack::AtLeast,
		 "ibv_create_qp(3): the actual QP values will be greater than or equal to the "
		 "values requested"},
		{IBV_QP_RATE_LIMIT, ReadBack::NotReturned,
		 "ibv_query_qp(3): the struct ibv_qp_attr it fills has no rate_limit"},
		{IBV_QP_AV, ReadBack::UnstableApm,
		 "ibv_query_qp(3) NOTES: multiple calls may yield differences in ah_attr "
		 "(if APM is enabled)"},
	};
	return rules;
}

ReadBack read_back(int flag)
{
	for (const auto &r : read_back_rules())
		if (r.flag == flag)
			return r.how;
	return ReadBack::Exact;
}

std::vector<std::string> read_back_mismatches(const ibv_qp_attr &set, int set_mask,
					      const ibv_qp_attr &read, int loaded)
{
	std::vector<std::string> out;
	for (const auto &field : qp_attr_fields()) {
		if (!(set_mask & field.flag) || !field.queried || !guard_holds(field, set))
			continue;
		uint64_t want = field.get(set), got = field.get(read);
		bool ok = true;
		switch (read_back(field.flag)) {
		case ReadBack::Exact: ok = got == want; break;
		case ReadBack::AtLeast: ok = got >= want; break;
		case ReadBack::NotReturned: ok = true; break;
		case ReadBack::UnstableApm: ok = (loaded & IBV_QP_ALT_PATH) || got == want; break;
		}
		if (!ok)
			out.push_back(describe_field(field, want) + " set, " +
				      describe_field(field, got) + " read back");
	}
	return out;
}

} // namespace ibvcert
