// ibv_create_qp(3), every listed type and two unlisted ones, every value
// class of each cap field (0, 1, the device's maximum, one above it) and an
// inline size, with and without an SRQ: each create judged whole by the
// verb's judge (contracts/lifecycle_judge.h) with QPs of the listed types
// alive on another PD — what it refuses, what it reports against the request, its type
// and its qp_num among the live QPs — and each destroy after it.
#include "contracts/lifecycle_judge.h"
#include "contracts/names.h"
#include "contracts/rule_ids/create_qp.h"
#include "contracts/rule_ids/destroy_qp.h"
#include "fixtures/rigs/call_record.h"
#include "fixtures/rigs/clause.h"
#include "fixtures/rigs/run_context.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <deque>

namespace ibvcert {
namespace {

constexpr ibv_qp_cap kBaseline = {4, 4, 1, 1, 0};

enum class CapField { None, SendWr, RecvWr, SendSge, RecvSge, Inline };
enum class CapClass { Zero, One, Max, AboveMax, Inline64 };

struct CreateParam {
	const char *type_name;
	int qp_type;
	bool srq;
	CapField field;
	CapClass value;
	const char *name;
};

ibv_qp_cap request_cap(const DeviceCaps &caps, CapField field, CapClass cls)
{
	ibv_qp_cap cap = kBaseline;
	const ibv_device_attr &d = caps.device.orig_attr;
	uint32_t *f = nullptr;
	uint32_t max = 0;
	switch (field) {
	case CapField::None: return cap;
	case CapField::SendWr: f = &cap.max_send_wr, max = (uint32_t)d.max_qp_wr; break;
	case CapField::RecvWr: f = &cap.max_recv_wr, max = (uint32_t)d.max_qp_wr; break;
	case CapField::SendSge: f = &cap.max_send_sge, max = (uint32_t)d.max_sge; break;
	case CapField::RecvSge: f = &cap.max_recv_sge, max = (uint32_t)d.max_sge; break;
	case CapField::Inline: f = &cap.max_inline_data; break;
	}
	switch (cls) {
	case CapClass::Zero: *f = 0; break;
	case CapClass::One: *f = 1; break;
	case CapClass::Max: *f = max; break;
	case CapClass::AboveMax: *f = max + 1; break;
	case CapClass::Inline64: *f = 64; break;
	}
	return cap;
}

// A PD, two CQs, an SRQ where the device has them, and QPs of the listed
// types alive on a second PD: the device the create under test lands on. Every create and
// destroy the rig makes is judged as the one under test is.
class CreateQpRig {
public:
	// nullopt when ready; else why the case cannot run (a SKIP).
	std::optional<std::string> prepare(bool with_srq)
	{
		Device &d = run_device();
		if (int ret = run_caps(caps_))
			return fail("reading the device's attributes", ret);
		if (int ret = d.alloc_pd(pd_))
			return fail("ibv_alloc_pd", ret);
		if (int ret = d.alloc_pd(other_pd_))
			return fail("ibv_alloc_pd", ret);
		if (int ret = d.create_cq(64, send_cq_))
			return fail("ibv_create_cq", ret);
		if (int ret = d.create_cq(64, recv_cq_))
			return fail("ibv_create_cq", ret);
		if (with_srq) {
			ibv_srq_init_attr si{};
			si.attr = {16, 1, 0};
			int ret = d.create_srq(*pd_, si, srq_);
			note(fmt::format("ibv_create_srq -> {}", errno_name(ret)));
			if (ret == EOPNOTSUPP || ret == ENOSYS)
				return "the device has no SRQ (ibv_create_srq: " + errno_name(ret) + ")";
			if (ret)
				return fail("ibv_create_srq", ret);
		}
		// QPs of the listed types alive around the call, on the other PD,
		// each one judged.
		for (ibv_qp_type t : {IBV_QPT_RC, IBV_QPT_UD, IBV_QPT_UC}) {
			CreateQpRequest req{t, kBaseline, false};
			std::unique_ptr<Qp> qp;
			create(req, qp, *other_pd_);
			if (qp)
				alive_.push_back(std::move(qp));
		}
		return std::nullopt;
	}

	// One create, judged: the verdict is recorded on the case.
	int create(const CreateQpRequest &req, std::unique_ptr<Qp> &qp) { return create(req, qp, *pd_); }
	int create(const CreateQpRequest &req, std::unique_ptr<Qp> &qp, Pd &pd)
	{
		ibv_qp_init_attr attr{};
		attr.qp_type = req.qp_type;
		attr.cap = req.cap;
		std::vector<uint32_t> live;
		for (const auto &q : alive_)
			live.push_back(q->qp_num());
		int ret = run_device().create_qp(pd, *send_cq_, *recv_cq_,
						 req.srq ? srq_.get() : nullptr, attr, qp);
		CreatedQp created;
		if (!ret) {
			created = {qp->qp_num(), qp->qp_type(), attr.cap};
		}
		note(fmt::format("ibv_create_qp(qp_type={}, {}{}) -> {}{}", (int)req.qp_type,
				 cap_text(req.cap), req.srq ? ", srq" : "", errno_name(ret),
				 ret ? "" : fmt::format(": qp_num {:#x}, qp_type {}, cap {}", created.qp_num,
						     (int)created.qp_type, cap_text(created.cap))));
		record_verdict(judge_create_qp(*caps_, req, ret, created, live),
			       lifecycle_rules_of(Verb::CreateQp), evidence());
		return ret;
	}

	// The destroy of a QP nothing depends on, judged.
	void destroy(std::unique_ptr<Qp> &qp)
	{
		int ret = qp->destroy();
		note(fmt::format("ibv_destroy_qp -> {}", errno_name(ret)));
		record_verdict(judge_destroy({Verb::DestroyQp, 0, ret, true}), destroy_rules(Verb::DestroyQp),
			       evidence());
		if (ret == 0)
			qp.reset();
	}

	const DeviceCaps &caps() const { return *caps_; }
	void note(const std::string &s) { steps_.push_back(s); }
	std::string evidence() const
	{
		return fmt::format("device {}, {} QPs alive on another PD\n  {}\nreplay: {}", run_device().name(),
				   alive_.size(), fmt::join(steps_, "\n  "), replay_command());
	}
	~CreateQpRig()
	{
		for (auto &q : alive_)
			if (q)
				destroy(q);
	}

private:
	static std::string cap_text(const ibv_qp_cap &c)
	{
		return fmt::format("send_wr={} recv_wr={} send_sge={} recv_sge={} inline={}", c.max_send_wr,
				   c.max_recv_wr, c.max_send_sge, c.max_recv_sge, c.max_inline_data);
	}
	std::optional<std::string> fail(const std::string &what, int ret)
	{
		ADD_FAILURE() << "precondition: " << what << " returned " << errno_name(ret) << "\n"
			      << evidence();
		return std::nullopt;
	}
	const DeviceCaps *caps_ = nullptr;
	std::unique_ptr<Pd> pd_, other_pd_;
	std::unique_ptr<Cq> send_cq_, recv_cq_;
	std::unique_ptr<Srq> srq_;
	std::vector<std::unique_ptr<Qp>> alive_;
	std::vector<std::string> steps_;
};

class CreateQp : public ::testing::TestWithParam<CreateParam> {};

TEST_P(CreateQp, JudgedAgainstTheRequestAndTheLiveQps)
{
	record_clause({rule_id::create_qp_cap_at_least_the_request,
		       {rule_id::create_qp_qp_type_listed, rule_id::create_qp_srq_rc_ud_only,
			rule_id::create_qp_cap_max_send_wr_range, rule_id::create_qp_cap_max_recv_wr_range,
			rule_id::create_qp_cap_max_send_sge_range, rule_id::create_qp_cap_max_recv_sge_range,
			rule_id::create_qp_srq_recv_caps_ignored, rule_id::create_qp_return_zero_or_errno,
			rule_id::create_qp_valid_carried_out, rule_id::create_qp_qp_num_unique,
			rule_id::create_qp_qp_type_reads_back, rule_id::destroy_qp_releases_its_objects,
			rule_id::destroy_qp_return_zero_or_errno}});
	const CreateParam &p = GetParam();
	CreateQpRig rig;
	if (auto skip = rig.prepare(p.srq))
		GTEST_SKIP() << *skip;
	ASSERT_FALSE(HasFailure());
	CreateQpRequest req{(ibv_qp_type)p.qp_type, request_cap(rig.caps(), p.field, p.value), p.srq};
	std::unique_ptr<Qp> qp;
	int ret = rig.create(req, qp);
	if (qp)
		rig.destroy(qp);
	bool valid = evaluate_create_qp(rig.caps(), req).accepts();
	if (valid && (ret == EOPNOTSUPP || ret == EPERM))
		GTEST_SKIP() << "ibv_create_qp returned " << errno_name(ret) << " for qp_type "
			     << p.type_name << ": the device lacks the type";
}

std::vector<CreateParam> params()
{
	std::vector<CreateParam> out;
	struct Type {
		const char *name;
		int value;
	};
	const Type types[] = {{"RC", IBV_QPT_RC},	  {"UC", IBV_QPT_UC},
			      {"UD", IBV_QPT_UD},	  {"RawPacket", IBV_QPT_RAW_PACKET},
			      {"Unlisted0", 0},		  {"Unlisted5", 5}};
	for (bool srq : {false, true})
		for (const Type &t : types)
			out.push_back({t.name, t.value, srq, CapField::None, CapClass::One, "Baseline"});
	struct Field {
		const char *name;
		CapField field;
	};
	const Field fields[] = {{"SendWr", CapField::SendWr},
				{"RecvWr", CapField::RecvWr},
				{"SendSge", CapField::SendSge},
				{"RecvSge", CapField::RecvSge}};
	struct Class {
		const char *name;
		CapClass cls;
	};
	const Class classes[] = {{"Zero", CapClass::Zero},
				 {"One", CapClass::One},
				 {"Max", CapClass::Max},
				 {"AboveMax", CapClass::AboveMax}};
	static std::deque<std::string> names; // the cases' names outlive params()
	for (const Type &t : {types[0], types[2]})
		for (bool srq : {false, true})
			for (const Field &f : fields)
				for (const Class &c : classes) {
					names.push_back(std::string(f.name) + c.name);
					out.push_back({t.name, t.value, srq, f.field, c.cls, names.back().c_str()});
				}
	for (const Type &t : {types[0], types[2]})
		out.push_back({t.name, t.value, false, CapField::Inline, CapClass::Inline64, "Inline64"});
	return out;
}

INSTANTIATE_TEST_SUITE_P(Request, CreateQp, ::testing::ValuesIn(params()),
			 [](const ::testing::TestParamInfo<CreateParam> &info) {
				 return std::string(info.param.type_name) + "_" +
					(info.param.srq ? "Srq_" : "") + info.param.name;
			 });

} // namespace
} // namespace ibvcert
