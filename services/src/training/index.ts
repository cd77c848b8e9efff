// The training area as the services expose it: one object with the users' side and the admin side.
import type { ServiceContext } from '../context';
import { createTrainingAdminService, type TrainingAdminService } from './training-admin.service';
import { createTrainingCategoryService, type TrainingCategoryService } from './training-category.service';
import { createTrainingProblemAdminService, type TrainingProblemAdminService } from './training-problem-admin.service';
import { createTrainingService, type TrainingService } from './training.service';

export type Trainings = TrainingService & TrainingAdminService & TrainingProblemAdminService & TrainingCategoryService;

export function createTrainings(ctx: ServiceContext): Trainings {
  return {
    ...createTrainingService(ctx),
    ...createTrainingAdminService(ctx),
    ...createTrainingProblemAdminService(ctx),
    ...createTrainingCategoryService(ctx),
  };
}
