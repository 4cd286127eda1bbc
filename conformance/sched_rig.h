// What every scheduling clause runs on: mlx5 scheduling elements on the
// run's device, each created, modified and destroyed through the rig, which
// names them, logs every call with its attributes and errno, and destroys
// what is left children first.
#pragma once

#include "fixtures/device.h"
#include "fixtures/sched.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ibvcert {

class SchedRig {
public:
	SchedRig() = default;
	~SchedRig();
	SchedRig(const SchedRig &) = delete;
	SchedRig &operator=(const SchedRig &) = delete;

	// A SKIP reason when the device has no scheduling elements ("not an
	// mlx5 device"), or when it refuses a root node with EOPNOTSUPP.
	std::optional<std::string> prepare();
	SchedNode *root() const { return root_; }

	// Create, modify, destroy, logged. name names the element in evidence.
	int node(const SchedAttr &attr, const std::string &name, SchedNode **out = nullptr);
	int leaf(const SchedAttr &attr, const std::string &name, SchedLeaf **out = nullptr);
	int modify(SchedElement &e, const SchedAttr &attr);
	int destroy(SchedElement &e);
	int attach(Qp &qp, SchedLeaf *requestor, SchedLeaf *responder);
	// What e applies, where the device reports it (logged); nullopt otherwise.
	std::optional<SchedAttr> query(SchedElement &e);
	// The leaves qp is attached to, where the device reports them.
	bool query_attached(Qp &qp, const SchedLeaf *&requestor, const SchedLeaf *&responder);

	std::string name_of(const SchedElement *e) const;
	std::string describe(const SchedAttr &attr) const;
	void note(const std::string &step) { steps_.push_back(step); }
	// device, the elements alive, the steps, the replay command.
	std::string evidence() const;

private:
	int create(bool leaf, const SchedAttr &attr, const std::string &name, SchedElement **out);

	struct Owned {
		std::string name;
		std::unique_ptr<SchedElement> e;
	};
	std::vector<Owned> owned_; // in creation order: parents before children
	std::vector<std::string> steps_;
	SchedNode *root_ = nullptr;
};

} // namespace ibvcert
