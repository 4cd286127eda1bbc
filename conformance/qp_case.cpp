#include "conformance/qp_case.h"

#include "conformance/run_context.h"
#include "contracts/names.h"
#include "contracts/qp_attr_table.h"
#include "contracts/qp_table.h"
#include "fixtures/verb_trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>

namespace ibvcert {

QpCase::QpCase(ibv_qp_type type, ibv_qp_state from, ibv_qp_state to)
	: type_(type), from_(from), to_(to)
{
}

namespace {

std::string hex(uint32_t v)
{
	char buf[16];
	snprintf(buf, sizeof(buf), "0x%x", v);
	return buf;
}

bool beyond_init(ibv_qp_state s)
{
	return s == IBV_QPS_RTR || s == IBV_QPS_RTS || s == IBV_QPS_SQD || s == IBV_QPS_SQE;
}

} // namespace

std::optional<std::string> QpCase::prepare()
{
	Device &device = run_device();
	int ret = run_caps(caps_);
	if (ret) {
		ADD_FAILURE() << "device " << device.name()
			      << ": querying device/port 1 attributes returned " << errno_name(ret);
		return std::nullopt;
	}
	if (device.transport() == IBV_TRANSPORT_IWARP && (beyond_init(from_) || beyond_init(to_)))
		return "iWARP device: RTR and RTS are reached through rdma_cm, not a direct ibv_modify_qp";

	builder_ = std::make_unique<QpBuilder>(device, *caps_);
	ret = builder_->init();
	if (ret) {
		ADD_FAILURE() << "device " << device.name() << ": PD/CQ setup returned " << errno_name(ret);
		return std::nullopt;
	}
	note_verb("ibv_create_qp");
	ret = builder_->create(type_, qp_);
	if (ret == EPERM || ret == EACCES)
		return "ibv_create_qp(" + qp_type_name(type_) + ") returned " + errno_name(ret) +
		       (type_ == IBV_QPT_RAW_PACKET ? " (RAW_PACKET needs CAP_NET_RAW)" : "");
	if (ret == EOPNOTSUPP || ret == EPROTONOSUPPORT || (ret == EINVAL && type_ == IBV_QPT_RAW_PACKET))
		return "device does not support " + qp_type_name(type_) +
		       " QPs: ibv_create_qp returned " + errno_name(ret);
	if (ret) {
		ADD_FAILURE() << "device " << device.name() << ": ibv_create_qp(" << qp_type_name(type_)
			      << ") returned " << errno_name(ret);
		return std::nullopt;
	}
	std::string step;
	note_verb("ibv_modify_qp (to the start state)");
	ret = builder_->bring_to(*qp_, from_, step);
	if (!ret)
		at_ = from_;
	if (ret)
		ADD_FAILURE() << "precondition: bringing the " << qp_type_name(type_)
			      << " QP to " << qp_state_name(from_) << " failed: " << step
			      << "\ndevice: " << device.name() << "\nreplay: " << replay_command();
	return std::nullopt;
}

int QpCase::walk_to(ibv_qp_state target, std::string &failed_step)
{
	auto path = QpBuilder::path_to(target);
	ibv_qp_state &at = at_;
	auto it = std::find(path.begin(), path.end(), at);
	for (it = it == path.end() ? path.begin() : it + 1; it != path.end(); ++it) {
		const QpTransition *t = QpTransitionTable::kernel().find(type_, at, *it);
		int mask = IBV_QP_STATE | (t ? t->required : 0);
		ibv_qp_attr attr = builder_->valid_attr(*qp_, at, *it, mask);
		note_verb("ibv_modify_qp");
		if (int ret = qp_->modify(attr, mask)) {
			failed_step = "ibv_modify_qp " + qp_state_name(at) + "->" + qp_state_name(*it) +
				      " with " + qp_attr_mask_names(mask) + " (" +
				      describe_attr(attr, mask) + ") returned " + errno_name(ret);
			return ret;
		}
		at = *it;
	}
	return 0;
}

std::optional<std::string> QpCase::needs_flag(int flag) const
{
	std::string why;
	if (!device_has(flag_feature(flag), *caps_, type_, why))
		return qp_attr_flag_name(flag) + ": " + why;
	return std::nullopt;
}

ibv_qp_attr QpCase::valid_attr(int attr_mask)
{
	return builder_->valid_attr(*qp_, from_, to_, attr_mask);
}

std::string QpCase::evidence(const ibv_qp_attr &attr, int attr_mask, int ret,
			     const std::vector<std::string> &changed) const
{
	std::string out;
	out += "device: " + run_device().name() + "\n";
	out += "qp: " + qp_type_name(type_) + " qp_num=" + hex(qp_->qp_num()) +
	       " in " + qp_state_name(from_) + ", modify " + qp_state_name(from_) + "->" +
	       ((attr_mask & IBV_QP_STATE) ? qp_state_name(attr.qp_state) : qp_state_name(from_) + " (no IBV_QP_STATE)") +
	       "\n";
	out += "attr_mask: " + qp_attr_mask_names(attr_mask) + "\n";
	out += "attr: " + describe_attr(attr, attr_mask) + "\n";
	out += "returned: " + errno_name(ret) + "\n";
	if (!changed.empty()) {
		out += "changed:";
		for (const auto &c : changed)
			out += "\n  " + c;
		out += "\n";
	}
	out += "replay: " + replay_command();
	return out;
}

std::string QpCase::call_evidence(const std::string &call, int ret,
				  const std::vector<std::string> &changed) const
{
	std::string out;
	out += "device: " + run_device().name() + "\n";
	out += "qp: " + qp_type_name(type_) + " qp_num=" + hex(qp_->qp_num()) + " in " +
	       qp_state_name(qp_->state_field()) + "\n";
	out += "call: " + call + "\n";
	out += "returned: " + errno_name(ret) + "\n";
	if (!changed.empty()) {
		out += "changed:";
		for (const auto &c : changed)
			out += "\n  " + c;
		out += "\n";
	}
	out += "replay: " + replay_command();
	return out;
}

void QpCase::expect_rejected_unchanged(ibv_qp_attr attr, int attr_mask)
{
	QpSnapshot before = take_snapshot(*qp_);
	ASSERT_EQ(before.query_ret, 0) << "ibv_query_qp before the modify returned "
				       << errno_name(before.query_ret);
	ibv_qp_attr sent = attr;
	note_verb("ibv_modify_qp");
	int ret = qp_->modify(attr, attr_mask);
	auto changed = snapshot_diff(before, take_snapshot(*qp_));
	EXPECT_NE(ret, 0) << "ibv_modify_qp accepted an invalid request\n"
			  << evidence(sent, attr_mask, ret, changed);
	EXPECT_TRUE(changed.empty()) << "the QP changed although the request was invalid\n"
				     << evidence(sent, attr_mask, ret, changed);
}

void QpCase::expect_accepted(ibv_qp_attr attr, int attr_mask)
{
	ibv_qp_attr sent = attr;
	note_verb("ibv_modify_qp");
	int ret = qp_->modify(attr, attr_mask);
	ASSERT_EQ(ret, 0) << "ibv_modify_qp rejected a valid request\n"
			  << evidence(sent, attr_mask, ret, {});
	ibv_qp_state expected = (attr_mask & IBV_QP_STATE) ? sent.qp_state : from_;
	QpSnapshot after = take_snapshot(*qp_);
	ASSERT_EQ(after.query_ret, 0) << "ibv_query_qp after the modify returned "
				      << errno_name(after.query_ret);
	EXPECT_EQ(after.attr.qp_state, expected)
		<< "ibv_query_qp: qp_state=" << qp_state_name(after.attr.qp_state) << ", expected "
		<< qp_state_name(expected) << "\n" << evidence(sent, attr_mask, ret, {});
	EXPECT_EQ(qp_->state_field(), expected)
		<< "ibv_qp::state=" << qp_state_name(qp_->state_field()) << ", expected "
		<< qp_state_name(expected) << "\n" << evidence(sent, attr_mask, ret, {});
}

void QpCase::expect_reads_back(const ibv_qp_attr &attr, int attr_mask)
{
	QpSnapshot after = take_snapshot(*qp_);
	ASSERT_EQ(after.query_ret, 0);
	std::vector<std::string> differ;
	for (const auto &field : qp_attr_fields()) {
		if (!(attr_mask & field.flag) || !field.queried || !guard_holds(field, attr))
			continue;
		if (field.get(attr) != field.get(after.attr))
			differ.push_back(describe_field(field, field.get(attr)) + " set, " +
					 describe_field(field, field.get(after.attr)) + " read back");
	}
	EXPECT_TRUE(differ.empty()) << "attributes do not read back as set\n"
				    << evidence(attr, attr_mask, 0, differ);
}

} // namespace ibvcert
