#include "conformance/sched_rig.h"

#include "conformance/run_context.h"
#include "contracts/names.h"
#include "fixtures/sched_attr.h"
#include "fixtures/verb_trace.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace ibvcert {

SchedRig::~SchedRig()
{
	while (!owned_.empty()) { // children first; a refusal counts as a leak
		owned_.back().e.reset();
		owned_.pop_back();
	}
}

std::optional<std::string> SchedRig::prepare()
{
	std::string why;
	if (!run_device().has_sched_elements(why))
		return why;
	int ret = node(SchedAttr{}, "root", &root_);
	if (ret == EOPNOTSUPP)
		return "mlx5dv_sched_node_create of a root node returned EOPNOTSUPP (no NIC QoS "
		       "scheduling)";
	if (ret)
		ADD_FAILURE() << "precondition: a root node (parent null, flags 0, comp_mask 0) was "
				 "rejected\n" << evidence();
	return std::nullopt;
}

std::string SchedRig::name_of(const SchedElement *e) const
{
	if (!e)
		return "null";
	for (const auto &o : owned_)
		if (o.e.get() == e)
			return o.name;
	return fmt::format("{}", (const void *)e);
}

std::string SchedRig::describe(const SchedAttr &attr) const
{
	return describe_sched_attr(attr, name_of(attr.parent));
}

int SchedRig::create(bool leaf, const SchedAttr &attr, const std::string &name, SchedElement **out)
{
	Device &device = run_device();
	int ret;
	std::unique_ptr<SchedElement> e;
	if (leaf) {
		std::unique_ptr<SchedLeaf> l;
		note_verb("mlx5dv_sched_leaf_create");
		ret = device.create_sched_leaf(attr, l);
		e = std::move(l);
	} else {
		std::unique_ptr<SchedNode> n;
		note_verb("mlx5dv_sched_node_create");
		ret = device.create_sched_node(attr, n);
		e = std::move(n);
	}
	note(fmt::format("mlx5dv_sched_{}_create({}) -> {}{}", leaf ? "leaf" : "node", describe(attr),
			 errno_name(ret), ret ? "" : ": " + name));
	if (ret && e)
		ADD_FAILURE() << "a create that failed returned an element\n" << evidence();
	if (out)
		*out = ret ? nullptr : e.get();
	if (!ret)
		owned_.push_back({name, std::move(e)});
	return ret;
}

int SchedRig::node(const SchedAttr &attr, const std::string &name, SchedNode **out)
{
	SchedElement *e = nullptr;
	int ret = create(false, attr, name, &e);
	if (out)
		*out = static_cast<SchedNode *>(e);
	return ret;
}

int SchedRig::leaf(const SchedAttr &attr, const std::string &name, SchedLeaf **out)
{
	SchedElement *e = nullptr;
	int ret = create(true, attr, name, &e);
	if (out)
		*out = static_cast<SchedLeaf *>(e);
	return ret;
}

int SchedRig::modify(SchedElement &e, const SchedAttr &attr)
{
	note_verb("mlx5dv_sched_*_modify");
	int ret = e.modify(attr);
	note(fmt::format("modify {}({}) -> {}", name_of(&e), describe(attr), errno_name(ret)));
	return ret;
}

int SchedRig::destroy(SchedElement &e)
{
	std::string name = name_of(&e);
	note_verb("mlx5dv_sched_*_destroy");
	int ret = e.destroy();
	note(fmt::format("destroy {} -> {}", name, errno_name(ret)));
	if (!ret)
		for (auto it = owned_.begin(); it != owned_.end(); ++it)
			if (it->e.get() == &e) {
				owned_.erase(it);
				break;
			}
	if (!ret && &e == root_)
		root_ = nullptr;
	return ret;
}

int SchedRig::attach(Qp &qp, SchedLeaf *requestor, SchedLeaf *responder)
{
	note_verb("mlx5dv_modify_qp_sched_elem");
	int ret = run_device().modify_qp_sched_elem(qp, requestor, responder);
	note(fmt::format("mlx5dv_modify_qp_sched_elem(QP {:#x} in {}, requestor={}, responder={}) -> {}",
			 qp.qp_num(), qp_state_name(qp.state_field()), name_of(requestor),
			 name_of(responder), errno_name(ret)));
	return ret;
}

std::optional<SchedAttr> SchedRig::query(SchedElement &e)
{
	SchedAttr a;
	if (e.query(a))
		return std::nullopt;
	note(fmt::format("{} applies {}", name_of(&e), describe(a)));
	return a;
}

bool SchedRig::query_attached(Qp &qp, const SchedLeaf *&requestor, const SchedLeaf *&responder)
{
	if (run_device().query_qp_sched_elem(qp, requestor, responder))
		return false;
	note(fmt::format("QP {:#x} is attached to requestor={} responder={}", qp.qp_num(),
			 name_of(requestor), name_of(responder)));
	return true;
}

std::string SchedRig::evidence() const
{
	std::string out = "device: " + run_device().name() + "\nelements:";
	for (const auto &o : owned_)
		out += " " + o.name;
	out += "\nsteps:\n";
	for (const auto &s : steps_)
		out += "  " + s + "\n";
	out += "replay: " + replay_command();
	return out;
}

} // namespace ibvcert
