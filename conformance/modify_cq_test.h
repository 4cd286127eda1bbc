// The case of the ibv_modify_cq clauses: a CQ on the run's device, each
// ibv_modify_cq logged with the contract's verdict, the moderation in effect
// where the device reports it (libibverbs has no query: emu0 reports it).
#pragma once

#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"
#include "contracts/modify_cq_eval.h"
#include "contracts/names.h"
#include "fixtures/verb_trace.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

class ModifyCqCase {
public:
	// The CQ, and whether the device has CQ moderation. A SKIP reason when
	// the case cannot run; a failed precondition adds a failure.
	std::optional<std::string> prepare(bool need_moderation)
	{
		if (int ret = run_caps(caps_))
			return "the device's caps cannot be read: " + errno_name(ret);
		std::string why;
		has_moderation_ = device_has(Feature::CqModeration, *caps_, IBV_QPT_RC, why);
		if (need_moderation && !has_moderation_)
			return why;
		if (!need_moderation && has_moderation_)
			return fmt::format("the device has CQ moderation (cq_mod_caps.max_cq_count {}, "
					   "max_cq_period {}): the other ModifyCq cases cover it",
					   caps().device.cq_mod_caps.max_cq_count,
					   caps().device.cq_mod_caps.max_cq_period);
		int cqe = std::min(16, std::max(1, caps().device.orig_attr.max_cqe));
		note_verb("ibv_create_cq");
		if (int ret = run_device().create_cq(cqe, cq_)) {
			ADD_FAILURE() << "precondition: ibv_create_cq(" << cqe << ") returned "
				      << errno_name(ret) << "\n" << evidence();
			return std::nullopt;
		}
		ibv_moderate_cq m{};
		reported_ = cq_->query_moderation(m) == 0;
		return std::nullopt;
	}

	const DeviceCaps &caps() const { return *caps_; }
	bool reported() const { return reported_; }

	int modify(ibv_modify_cq_attr attr)
	{
		note_verb("ibv_modify_cq");
		int ret = cq_->modify(attr);
		steps_.push_back(fmt::format("ibv_modify_cq({}) returned {} (contract: {})",
					     describe_modify_cq_attr(attr), errno_name(ret),
					     evaluate_modify_cq(caps(), attr).describe()));
		return ret;
	}

	// The moderation in effect; nullopt where the device does not report it.
	std::optional<ibv_moderate_cq> moderation()
	{
		ibv_moderate_cq m{};
		int ret = cq_->query_moderation(m);
		if (ret == EOPNOTSUPP)
			return std::nullopt;
		EXPECT_EQ(ret, 0) << "reading the moderation in effect failed\n" << evidence();
		steps_.push_back(ret ? "moderation in effect: " + errno_name(ret)
				     : "moderation in effect: " + describe_moderation(m));
		return ret ? std::nullopt : std::optional<ibv_moderate_cq>(m);
	}

	void release() { cq_.reset(); }

	// The device, its caps, each call with its verdict, the replay command.
	std::string evidence() const
	{
		std::string out = "device: " + run_device().name() + "\n";
		if (caps_)
			out += fmt::format("cq_mod_caps: max_cq_count {} max_cq_period {}\n",
					   caps_->device.cq_mod_caps.max_cq_count,
					   caps_->device.cq_mod_caps.max_cq_period);
		out += std::string("moderation in effect: ") +
		       (reported_ ? "reported" : "not reported (no query: checked by return values)") +
		       "\n";
		for (const auto &s : steps_)
			out += "  " + s + "\n";
		return out + "replay: " + replay_command();
	}

private:
	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<Cq> cq_;
	bool has_moderation_ = false;
	bool reported_ = false;
	std::vector<std::string> steps_;
};

inline ibv_modify_cq_attr moderate(uint32_t count, uint32_t period, uint32_t mask = IBV_CQ_ATTR_MODERATE)
{
	ibv_modify_cq_attr a{};
	a.attr_mask = mask;
	a.moderate.cq_count = (uint16_t)count;
	a.moderate.cq_period = (uint16_t)period;
	return a;
}

inline bool same(const ibv_moderate_cq &a, const ibv_moderate_cq &b)
{
	return a.cq_count == b.cq_count && a.cq_period == b.cq_period;
}

} // namespace ibvcert
