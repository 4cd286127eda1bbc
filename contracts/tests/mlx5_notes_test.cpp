// Every rule of the families only mlx5 implements says, in its note, what
// libmlx5 and mlx5_ib do for it: one line, same / differs / decided by
// firmware, citing file and function (contracts/mlx5_notes.h).
#include "contracts/mlx5_notes.h"

#include <gtest/gtest.h>

#include <set>

namespace ibvcert {
namespace {

TEST(Mlx5Notes, EveryRuleOfTheFamiliesHasExactlyOneWellFormedLine)
{
	int rules = 0;
	for (const ContractRule *r : all_rules()) {
		if (!in_mlx5_families(*r))
			continue;
		++rules;
		Mlx5Note note = mlx5_note(*r);
		EXPECT_TRUE(note.ok) << r->id << ": " << note.problem;
	}
	// The families hold rules of every kind: requests, effects, properties.
	EXPECT_GE(rules, 50);
}

TEST(Mlx5Notes, TheFamiliesAreTheirVerbsRules)
{
	std::set<std::string> ids;
	for (const ContractRule *r : all_rules())
		if (in_mlx5_families(*r))
			ids.insert(r->id);
	for (const char *id : {"ece.query.returns_what_set_accepted", "sched.parent.same",
			       "rate_limit.pacing.supported", "modify_cq.cq_period.range",
			       "modify_qp.rate_limit.range", "modify_qp.reset.forgets_pacing",
			       "modify_qp.unmasked.pacing_kept"})
		EXPECT_TRUE(ids.count(id)) << id;
	for (const char *id : {"modify_qp.pkey_index.range", "srq.max_wr.range",
			       "sched.create.return.null_with_errno"})
		EXPECT_FALSE(ids.count(id)) << id;
}

TEST(Mlx5Notes, ALineIsClassifiedByItsWords)
{
	auto row = [](const char *note) {
		return ContractRule{"ece.x.y", 0, Check::Effect, "", 0, {Cap::None, 0}, {Cap::None, 0},
				    Feature::None, nullptr, 0, Level::MUST, 0, "", "", note};
	};
	auto same = mlx5_note(row("Decision. mlx5: same (providers/mlx5/verbs.c:mlx5_set_ece): EINVAL."));
	EXPECT_TRUE(same.ok);
	EXPECT_EQ(same.reading, Mlx5Reading::Same);
	EXPECT_FALSE(same.changed);
	auto differs = mlx5_note(row("mlx5: differs, because it refuses it "
				     "(drivers/infiniband/hw/mlx5/qp.c:mlx5_ib_modify_qp). [changed: MUST -> SHOULD]"));
	EXPECT_TRUE(differs.ok);
	EXPECT_EQ(differs.reading, Mlx5Reading::Differs);
	EXPECT_TRUE(differs.changed);
	auto fw = mlx5_note(row("mlx5: decided by firmware, not visible in the source."));
	EXPECT_TRUE(fw.ok);
	EXPECT_EQ(fw.reading, Mlx5Reading::Firmware);
	EXPECT_FALSE(mlx5_note(row(nullptr)).ok);
	EXPECT_FALSE(mlx5_note(row("mlx5: same, no citation.")).ok);
	EXPECT_FALSE(mlx5_note(row("mlx5: differs: no because (providers/mlx5/mlx5.c:f).")).ok);
	EXPECT_FALSE(mlx5_note(row("mlx5: same (providers/mlx5/mlx5.c:f). mlx5: same (a.c:g)")).ok);
}

TEST(Mlx5Notes, TheCountsAddUp)
{
	Mlx5NoteCounts n = count_mlx5_notes();
	EXPECT_EQ(n.malformed, 0);
	EXPECT_EQ(n.same + n.differs + n.firmware, n.rules);
	EXPECT_GE(n.differs, 1);
	EXPECT_GE(n.changed, 1);
	std::string text = mlx5_notes_summary(n);
	EXPECT_NE(text.find(std::to_string(n.same) + " same"), std::string::npos) << text;
	EXPECT_NE(text.find(std::to_string(n.changed) + " rules changed"), std::string::npos) << text;
}

} // namespace
} // namespace ibvcert
