// The help page's section on trainings: joining a private one, what the progress and the rank count, and where
// administrators build them (docs/trainings.md says more).
import type { MessageId } from '../../i18n/zh-CN';
import { HelpPointsSection } from '../help/HelpPointsSection';

const POINTS: MessageId[] = ['training.help.join', 'training.help.progress', 'training.help.rank', 'training.help.admin'];

export function TrainingHelp() {
  return <HelpPointsSection testId="help-training" title="training.help.title" points={POINTS} />;
}
