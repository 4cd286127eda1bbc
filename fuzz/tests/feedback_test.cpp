// fuzz/harness/feedback: what a modify chose and what a QP was given each set
// a counter of their own, so that libFuzzer tells the inputs apart.
#include "fuzz/harness/feedback.h"

#include <gtest/gtest.h>

#include <cstring>
#include <set>

// The linker's bounds of the section libFuzzer reads.
extern "C" uint8_t __start___libfuzzer_extra_counters[];
extern "C" uint8_t __stop___libfuzzer_extra_counters[];

namespace ibvcert::fuzz {
namespace {

class Feedback : public ::testing::Test {
protected:
	void SetUp() override { clear(); }

	static void clear()
	{
		std::memset(__start___libfuzzer_extra_counters, 0,
			    __stop___libfuzzer_extra_counters - __start___libfuzzer_extra_counters);
	}

	// The counters set since the last clear(), cleared.
	static std::set<size_t> taken()
	{
		std::set<size_t> out;
		for (uint8_t *p = __start___libfuzzer_extra_counters; p < __stop___libfuzzer_extra_counters; p++)
			if (*p)
				out.insert(p - __start___libfuzzer_extra_counters);
		clear();
		return out;
	}

	static size_t one(std::set<size_t> s)
	{
		EXPECT_EQ(s.size(), 1u);
		return s.empty() ? SIZE_MAX : *s.begin();
	}
};

TEST_F(Feedback, EachFieldKindStateTypeAndOutcomeOfAModifyIsACounterOfItsOwn)
{
	std::set<size_t> seen;
	for (ibv_qp_type type : {IBV_QPT_RC, IBV_QPT_UD})
		for (ibv_qp_state state : {IBV_QPS_INIT, IBV_QPS_RTR})
			for (bool accepted : {false, true})
				for (uint16_t field : {1, 2, 40})
					for (ValueKind kind : {ValueKind::Valid, ValueKind::Low, ValueKind::Raw}) {
						note_modify_qp_field(type, state, accepted, field, kind);
						EXPECT_TRUE(seen.insert(one(taken())).second)
							<< "type " << type << " state " << state << " field " << field;
					}
	EXPECT_EQ(seen.size(), 2u * 2 * 2 * 3 * 3);
}

TEST_F(Feedback, AValueIsJudgedAgainstTheLastTheQpWasGivenInItsLife)
{
	QpValueHistory qp;
	// first (nonzero), lowered to 0, raised from 0, raised, equal, lowered
	std::set<size_t> seen;
	for (uint64_t v : {1, 0, 1, 4, 4, 2}) {
		note_value_given(IBV_QPT_RC, 7, v, qp);
		EXPECT_TRUE(seen.insert(one(taken())).second) << "value " << v;
	}
	QpValueHistory fresh; // a new QP: first again, a counter already met
	note_value_given(IBV_QPT_RC, 7, 1, fresh);
	EXPECT_EQ(seen.count(one(taken())), 1u);
	note_value_given(IBV_QPT_RC, 7, 0, fresh); // and lowered to 0 again
	EXPECT_EQ(seen.count(one(taken())), 1u);
	note_value_given(IBV_QPT_RC, 8, 0, fresh); // another field: its own
	EXPECT_EQ(seen.count(one(taken())), 0u);
	note_value_given(IBV_QPT_UC, 7, 5, fresh); // another type: its own
	EXPECT_EQ(seen.count(one(taken())), 0u);
}

TEST_F(Feedback, OutOfTableIndicesSetNothing)
{
	QpValueHistory qp;
	note_modify_qp_field(IBV_QPT_RC, IBV_QPS_RTS, true, QpValueHistory::kFields, ValueKind::Low);
	note_value_given(IBV_QPT_RC, QpValueHistory::kFields, 1, qp);
	EXPECT_TRUE(taken().empty());
	EXPECT_EQ(qp.given, 0u);
}

} // namespace
} // namespace ibvcert::fuzz
