import type { ProjectModel } from '../model/project-model';
import { PlanSetReview } from './PlanSetReview';
import { reviewStore, useOpenReview } from './use-plan-set-drop';

/** Where the review of a dropped set shows, for the project on screen. */
export function PlanSetReviewHost({ model }: { model: ProjectModel }) {
  const review = useOpenReview();
  if (!review || review.projectId !== model.bundle.project._id) return null;
  return (
    <PlanSetReview
      model={model}
      folderId={review.folderId}
      dropped={review.dropped}
      onClose={() => reviewStore.set(null)}
    />
  );
}
