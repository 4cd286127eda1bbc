// The lane's datapath objects: the MR slots and the loopback pair.
#include "fuzz/harness/lane.h"

namespace ibvcert::fuzz {

std::array<MrState, kMrSlots> Lane::mr_states() const
{
	std::array<MrState, kMrSlots> out;
	for (int i = 0; i < kMrSlots; i++)
		out[i] = mrs_[i].model;
	return out;
}

void Lane::close_pair()
{
	// The QPs before the CQ, the SRQ and the MRs they use.
	for (Qp *qp : {pair_.requester.get(), pair_.responder.get()})
		if (qp)
			async_.destroyed(*qp);
	if (pair_.cq)
		async_.destroyed(*pair_.cq);
	pair_.requester.reset();
	pair_.responder.reset();
	pair_.ah.reset();
	pair_.cq.reset();
	pair_ = PairSlot{};
}

void Lane::close_datapath()
{
	close_pair();
	for (auto &m : mrs_)
		m = MrSlot{};
}

} // namespace ibvcert::fuzz
