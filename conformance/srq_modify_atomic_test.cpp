// Clauses: an ibv_modify_srq that carries a valid and an invalid attribute
// modifies nothing; one with a bit outside IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT
// fails and modifies nothing.
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/srq_rig.h"
#include "contracts/names.h"
#include "contracts/srq_attr.h"
#include "contracts/rule_ids/srq.h"

#include <gtest/gtest.h>

namespace ibvcert {
namespace {

enum class Valid { Limit, MaxWr, Nothing };
enum class Invalid { MaxWrAboveDevice, LimitAboveDevice, UnknownBit };

struct BadRequest {
	const char *name;
	Valid valid;
	Invalid invalid;
	int unknown_bit = 0;
};

class SrqBadRequest : public ::testing::TestWithParam<BadRequest> {
protected:
	virtual Clause clause() const = 0;

	void SetUp() override
	{
		record_clause(clause());
		rig.emplace(SrqTraffic::None);
		if (auto why = rig->prepare({}))
			GTEST_SKIP() << *why;
	}

	// ibv_query_srq, or nullopt when the device lacks it (noted) or it fails.
	std::optional<ibv_srq_attr> query()
	{
		int ret = 0;
		ibv_srq_attr attr = rig->query(ret);
		if (ret == EOPNOTSUPP || ret == ENOSYS)
			unobservable = "ibv_query_srq returned " + errno_name(ret);
		else
			EXPECT_EQ(ret, 0) << "ibv_query_srq failed\n" << rig->evidence();
		return ret ? std::nullopt : std::optional<ibv_srq_attr>(attr);
	}

	void expect_rejected_unchanged()
	{
		const BadRequest &p = GetParam();
		SrqRig &r = *rig;
		uint32_t device_max = (uint32_t)r.caps().device.orig_attr.max_srq_wr;
		if (p.valid == Valid::MaxWr && !r.has_resize())
			GTEST_SKIP() << "a valid IBV_SRQ_MAX_WR needs IBV_DEVICE_SRQ_RESIZE";
		auto before = query();
		ASSERT_FALSE(HasFailure());
		uint32_t max_wr = before ? before->max_wr : r.created().max_wr;
		ibv_srq_attr attr{};
		int mask = 0;
		switch (p.valid) {
		case Valid::Limit: mask |= IBV_SRQ_LIMIT; attr.srq_limit = 1; break;
		case Valid::MaxWr:
			mask |= IBV_SRQ_MAX_WR;
			attr.max_wr = std::min(max_wr + 16, device_max);
			break;
		case Valid::Nothing: break;
		}
		switch (p.invalid) {
		case Invalid::MaxWrAboveDevice: mask |= IBV_SRQ_MAX_WR; attr.max_wr = device_max + 1; break;
		case Invalid::LimitAboveDevice: mask |= IBV_SRQ_LIMIT; attr.srq_limit = device_max + 1; break;
		case Invalid::UnknownBit: mask |= p.unknown_bit; break;
		}
		int ret = r.modify(attr, mask);
		EXPECT_NE(ret, 0) << "ibv_modify_srq accepted an invalid request\n" << r.evidence();
		auto after = query();
		if (before && after) {
			EXPECT_EQ(describe_srq_attr(*after), describe_srq_attr(*before))
				<< "the rejected ibv_modify_srq changed the SRQ\n" << r.evidence();
		}
		if (!HasFailure() && !unobservable.empty())
			GTEST_SKIP() << "\"nothing modified\" cannot be checked: " << unobservable
				     << " (the call was rejected with " << errno_name(ret) << ")";
	}

	std::optional<SrqRig> rig;
	std::string unobservable;
};

class SrqModifyAtomic : public SrqBadRequest {
	Clause clause() const override { return {rule_id::srq_rejected_changes_nothing}; }
};

class SrqModifyMaskBits : public SrqBadRequest {
	Clause clause() const override { return {rule_id::srq_attr_mask_unknown_changes_nothing}; }
};

TEST_P(SrqModifyAtomic, ValidWithInvalidChangesNothing)
{
	expect_rejected_unchanged();
}

TEST_P(SrqModifyMaskBits, UnknownBitsRejectedAndChangeNothing)
{
	expect_rejected_unchanged();
}

std::string request_name(const ::testing::TestParamInfo<BadRequest> &info)
{
	return info.param.name;
}

const BadRequest kMixed[] = {
	{"LimitWithMaxWrAboveDevice", Valid::Limit, Invalid::MaxWrAboveDevice},
	{"MaxWrWithLimitAboveDevice", Valid::MaxWr, Invalid::LimitAboveDevice},
};

// The first bit above IBV_SRQ_LIMIT, and the top bit.
const BadRequest kUnknownBits[] = {
	{"Bit2", Valid::Nothing, Invalid::UnknownBit, 1 << 2},
	{"Bit31", Valid::Nothing, Invalid::UnknownBit, (int)(1u << 31)},
	{"LimitWithBit2", Valid::Limit, Invalid::UnknownBit, 1 << 2},
};

INSTANTIATE_TEST_SUITE_P(Attr, SrqModifyAtomic, ::testing::ValuesIn(kMixed), request_name);
INSTANTIATE_TEST_SUITE_P(Attr, SrqModifyMaskBits, ::testing::ValuesIn(kUnknownBits), request_name);

} // namespace
} // namespace ibvcert
