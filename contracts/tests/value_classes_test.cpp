// The classes of a field's values, read from the verb's rows (value_classes):
// a range's bounds and the values past them, a mask's bits and a bit outside
// it, 0 for a Zero row, the outstanding count, each class marked by whether
// every row takes it (check_value, the same interpreter that judges).
#include "contracts/value_check.h"

#include <infiniband/verbs.h>

#include <gtest/gtest.h>

#include <algorithm>

using namespace ibvcert;

namespace {

const ValueClass *find(const std::vector<ValueClass> &classes, int64_t value)
{
	auto it = std::find_if(classes.begin(), classes.end(),
			       [value](const ValueClass &c) { return c.value == value; });
	return it == classes.end() ? nullptr : &*it;
}

DeviceCaps with_max_cqe(int max_cqe)
{
	DeviceCaps caps;
	caps.device.orig_attr.max_cqe = max_cqe;
	return caps;
}

TEST(ValueClasses, ARangeGivesItsBoundsTheValuesPastThemAndOneInside)
{
	auto classes = value_classes(Verb::ResizeCq, "cqe", with_max_cqe(1000));
	struct Want {
		int64_t value;
		bool valid;
	};
	for (Want w : {Want{0, false}, Want{1, true}, Want{500, true}, Want{1000, true}, Want{1001, false},
		       Want{-1, false}}) {
		const ValueClass *c = find(classes, w.value);
		ASSERT_NE(c, nullptr) << "no class for cqe=" << w.value;
		EXPECT_EQ(c->valid, w.valid) << c->name;
	}
	EXPECT_EQ(find(classes, 1000)->name, "max_cqe");
	EXPECT_EQ(find(classes, 1001)->name, "1001, above max_cqe");
}

TEST(ValueClasses, TheOutstandingCountAndTheCurrentValueAreClassesOfTheirOwn)
{
	auto classes = value_classes(Verb::ResizeCq, "cqe", with_max_cqe(1000), {40, 7});
	ASSERT_NE(find(classes, 7), nullptr);
	EXPECT_TRUE(find(classes, 7)->valid);
	ASSERT_NE(find(classes, 6), nullptr);
	EXPECT_FALSE(find(classes, 6)->valid) << "below what the CQ holds";
	EXPECT_FALSE(find(classes, 1)->valid) << "in range, but below what the CQ holds";
	ASSERT_NE(find(classes, 40), nullptr);
	EXPECT_TRUE(find(classes, 40)->valid);
}

TEST(ValueClasses, NoClassRepeatsAValue)
{
	auto classes = value_classes(Verb::ResizeCq, "cqe", with_max_cqe(2), {1, 1});
	for (size_t i = 0; i < classes.size(); i++)
		for (size_t j = i + 1; j < classes.size(); j++)
			EXPECT_NE(classes[i].value, classes[j].value) << classes[i].name << " / " << classes[j].name;
}

TEST(ValueClasses, AMaskGivesNoBitEachBitEveryBitAndABitOutside)
{
	auto classes = value_classes(Verb::ModifyQp, "qp_access_flags", DeviceCaps{});
	const int64_t known = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
			      IBV_ACCESS_REMOTE_ATOMIC;
	for (int64_t bit : {0L, (int64_t)IBV_ACCESS_LOCAL_WRITE, (int64_t)IBV_ACCESS_REMOTE_WRITE,
			    (int64_t)IBV_ACCESS_REMOTE_READ, (int64_t)IBV_ACCESS_REMOTE_ATOMIC}) {
		const ValueClass *c = find(classes, bit);
		ASSERT_NE(c, nullptr) << std::hex << bit;
		EXPECT_TRUE(c->valid) << c->name;
	}
	bool outside = false;
	for (const ValueClass &c : classes)
		if ((uint64_t)c.value & ~(uint64_t)known) {
			outside = true;
			EXPECT_FALSE(c.valid) << c.name;
		}
	EXPECT_TRUE(outside) << "no class has a bit outside the mask";
}

TEST(ValueClasses, AZeroRowGivesZeroAndOne)
{
	auto classes = value_classes(Verb::SetEce, "comp_mask", DeviceCaps{});
	ASSERT_NE(find(classes, 0), nullptr);
	EXPECT_TRUE(find(classes, 0)->valid);
	ASSERT_NE(find(classes, 1), nullptr);
	EXPECT_FALSE(find(classes, 1)->valid);
}

TEST(ValueClasses, ZeroOrRangeGivesZeroBesideTheRange)
{
	DeviceCaps caps;
	caps.device.packet_pacing_caps.qp_rate_limit_min = 10;
	caps.device.packet_pacing_caps.qp_rate_limit_max = 100;
	auto classes = value_classes(Verb::ModifyQp, "rate_limit", caps);
	for (int64_t v : {0, 10, 100}) {
		ASSERT_NE(find(classes, v), nullptr) << v;
		EXPECT_TRUE(find(classes, v)->valid) << v;
	}
	for (int64_t v : {9, 101}) {
		ASSERT_NE(find(classes, v), nullptr) << v;
		EXPECT_FALSE(find(classes, v)->valid) << v;
	}
}

TEST(ValueClasses, ARangeTheCapsLeaveEmptyGivesNoClassAndAnUnreadFieldNone)
{
	// max_cqe 0: 1..0 is empty, the row does not apply; only the current
	// value is a class.
	auto classes = value_classes(Verb::ResizeCq, "cqe", with_max_cqe(0), {5, std::nullopt});
	ASSERT_EQ(classes.size(), 1u);
	EXPECT_EQ(classes[0].value, 5);
	EXPECT_TRUE(classes[0].valid);
	EXPECT_TRUE(value_classes(Verb::ResizeCq, "no_such_field", with_max_cqe(8), {5, 1}).empty());
}

} // namespace
