// One QP's ibv_set_ece / ibv_query_ece calls (contracts/ece_judge.h) through
// their judge.
#include "contracts/ece_judge.h"
#include "contracts/rule_ids/ece.h"

#include <gtest/gtest.h>

#include <cerrno>

using namespace ibvcert;

namespace {

constexpr uint32_t kVendor = 0x2c9;

EceCall query(uint32_t options, int result = 0, uint32_t vendor = kVendor)
{
	return {Verb::QueryEce, {}, {vendor, options, 0}, result, ""};
}

EceCall set(uint32_t asked, uint32_t got, int result = 0, uint32_t vendor = kVendor)
{
	return {Verb::SetEce, {vendor, asked, 0}, {vendor, got, 0}, result, ""};
}

std::vector<std::string> broken(std::vector<EceCall> calls)
{
	return judge_ece({std::move(calls)}).rule_ids();
}

const std::vector<std::string> kNone;

} // namespace

TEST(EceJudge, AnAcceptedSubsetQueriedBackBreaksNothing)
{
	EXPECT_EQ(broken({query(0), set(0xf, 0x5), query(0x5), query(0x5)}), kNone);
}

TEST(EceJudge, OptionsBeyondTheRequestBreakTheSubsetRow)
{
	EXPECT_EQ(broken({query(0), set(0x1, 0x3), query(0x3)}),
		  std::vector<std::string>{rule_id::ece_options_accepted_subset_in_every_state});
	EXPECT_EQ(broken({query(0), set(0x1, 0x1), query(0x1, 0, 0x15b3)}),
		  (std::vector<std::string>{rule_id::ece_options_accepted_subset_in_every_state,
					    rule_id::ece_query_returns_what_set_accepted}));
	// The query holds to what set accepted, not to the request.
	EXPECT_EQ(broken({query(0), set(0xf, 0x1), query(0xf)}),
		  (std::vector<std::string>{rule_id::ece_options_accepted_subset_in_every_state,
					    rule_id::ece_query_returns_what_set_accepted}));
}

TEST(EceJudge, AQueryOtherThanWhatSetHandedBackBreaksTheShouldRow)
{
	EXPECT_EQ(broken({query(0), set(0xf, 0x5), query(0x0)}),
		  std::vector<std::string>{rule_id::ece_query_returns_what_set_accepted});
}

TEST(EceJudge, ARejectedSetThatStoredSomethingBreaksTheSubsetRow)
{
	EXPECT_EQ(broken({query(0), set(0xf, 0xf, EINVAL), query(0xf)}),
		  std::vector<std::string>{rule_id::ece_options_accepted_subset_in_every_state});
	EXPECT_EQ(broken({query(0), set(0xf, 0xf, EINVAL), query(0)}), kNone);
}

TEST(EceJudge, EopnotsuppFromOneVerbOnlyBreaksUnsupportedFromBoth)
{
	EXPECT_EQ(broken({query(0), set(0, 0, EOPNOTSUPP)}),
		  std::vector<std::string>{rule_id::ece_unsupported_from_both_verbs});
	EXPECT_EQ(broken({query(0, EOPNOTSUPP), set(0x1, 0x1)}),
		  std::vector<std::string>{rule_id::ece_unsupported_from_both_verbs});
	EXPECT_EQ(broken({query(0, EOPNOTSUPP), set(0x1, 0x1, EOPNOTSUPP)}), kNone);
	// vendor_id 0 is answered EOPNOTSUPP by libibverbs whatever the device.
	EXPECT_EQ(broken({query(0), set(0x1, 0x1, EOPNOTSUPP, 0)}), kNone);
}
