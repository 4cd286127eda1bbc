// ibv_create_cq(3) on a completion channel of the op's own with a decoded
// comp_vector: one of its value classes (0, the last vector, the first past
// it and the one after, -1, INT_MIN, INT_MAX, any int), the whole call judged
// by judge_create_cq; the CQ (when made) and the channel then destroyed.
// The op decides nothing: the rows say which comp_vector is refused.
#include "fuzz/harness/ops.h"
#include "fuzz/harness/own_objects.h"

#include "contracts/names.h"

#include <fmt/format.h>

#include <climits>

namespace ibvcert::fuzz {
namespace {

const OpVerb kCreateCqVector = {"create_cq_vector", "ibv_create_comp_channel, ibv_create_cq(comp_vector)",
				Verb::CreateCq};

enum class VectorClass : uint8_t { Zero, Last, PastLast, TwoPast, MinusOne, IntMin, IntMax, Any };
constexpr int kVectorClasses = 8;

const char *class_name(VectorClass c)
{
	switch (c) {
	case VectorClass::Zero: return "0";
	case VectorClass::Last: return "num_comp_vectors - 1";
	case VectorClass::PastLast: return "num_comp_vectors";
	case VectorClass::TwoPast: return "num_comp_vectors + 1";
	case VectorClass::MinusOne: return "-1";
	case VectorClass::IntMin: return "INT_MIN";
	case VectorClass::IntMax: return "INT_MAX";
	case VectorClass::Any: return "any int";
	}
	return "?";
}

int vector_of(VectorClass c, int num_comp_vectors, int any)
{
	switch (c) {
	case VectorClass::Zero: return 0;
	case VectorClass::Last: return num_comp_vectors - 1;
	case VectorClass::PastLast: return num_comp_vectors;
	case VectorClass::TwoPast: return num_comp_vectors + 1;
	case VectorClass::MinusOne: return -1;
	case VectorClass::IntMin: return INT_MIN;
	case VectorClass::IntMax: return INT_MAX;
	case VectorClass::Any: return any;
	}
	return 0;
}

class CreateCqVectorOp : public Op {
	struct Bound {
		bool called = false;
		std::string note;
		int comp_vector = 0;
		int ret = 0;
		int reported_cqe = 0;
	};

public:
	CreateCqVectorOp(int cqe, VectorClass c, int any) : cqe_(cqe), class_(c), any_(any) {}

	const OpVerb &verb() const override { return kCreateCqVector; }
	int slot() const override { return -1; } // objects of its own: every other object stays
	void bind(Lane &) override {}

	int run(Lane &lane) override
	{
		Bound &b = bound_[lane.index()];
		b = Bound{};
		b.comp_vector = vector_of(class_, lane.caps().num_comp_vectors, any_);
		Device &d = lane.device();
		std::unique_ptr<CompChannel> channel;
		if (int r = d.create_comp_channel(channel); r || !channel) {
			b.note = "ibv_create_comp_channel returned " + errno_name(r);
			return 0;
		}
		std::unique_ptr<Cq> cq;
		b.ret = d.create_cq_on_channel(cqe_, &b, *channel, b.comp_vector, cq);
		b.called = true;
		if (b.ret == 0 && cq)
			b.reported_cqe = cq->cqe();
		cq.reset();      // ibv_destroy_cq first: the channel is then free
		channel.reset(); // ibv_destroy_comp_channel
		return b.ret;    // judged as ibv_create_cq's result (judge_call)
	}

	void check(Lane &lane, const LaneSnapshot &, const LaneSnapshot &, Oracle &oracle) override
	{
		const Bound &b = bound_[lane.index()];
		if (b.called)
			check_create_cq(lane, oracle, cqe_, b.ret, b.reported_cqe, b.comp_vector);
	}

	std::string describe(const Lane &lane) const override
	{
		return fmt::format("a channel, ibv_create_cq(cqe={}, comp_vector {} = {}) on it (num_comp_vectors {})\n",
				   cqe_, class_name(class_), vector_of(class_, lane.caps().num_comp_vectors, any_),
				   lane.caps().num_comp_vectors);
	}

	std::string outcome(const Lane &lane) const override
	{
		const Bound &b = bound_[lane.index()];
		if (!b.called)
			return "not driven: " + b.note + "\n";
		return fmt::format("ibv_create_cq returned {}{}\n", errno_name(b.ret),
				   b.ret == 0 ? fmt::format(", cqe {} reported", b.reported_cqe) : std::string());
	}

	std::string summary(int lane) const override
	{
		return fmt::format("create_cq_vector comp_vector {} -> {}", bound_[lane].comp_vector,
				   errno_name(bound_[lane].ret));
	}

private:
	int cqe_;
	VectorClass class_;
	int any_;
	Bound bound_[kMaxLanes];
};

} // namespace

// ibv_create_cq on a channel of the op's own with a comp_vector of each
// value class, judged by judge_create_cq (op_create_cq.cpp).
void create_cq_vector_step(Session &s)
{
	auto &in = s.in();
	auto c = (VectorClass)in.ConsumeIntegralInRange(0, kVectorClasses - 1);
	int cqe = 1 + in.ConsumeIntegralInRange(0, 63);
	int any = c == VectorClass::Any ? in.ConsumeIntegral<int>() : 0;
	s.execute(std::make_unique<CreateCqVectorOp>(cqe, c, any));
}
IBVCERT_FUZZ_ROW(create_cq_vector, 39);

} // namespace ibvcert::fuzz
