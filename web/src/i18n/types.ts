// Makes react-intl check message ids at compile time against the catalogue.
import type { MessageId } from './zh-CN';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
