// `@sinclair/typebox` for the web build (vite.config.ts resolves the bare name here; its subpaths `/value`, `/errors`
// and `/type` stay TypeBox's own). TypeBox's `Type` is one object holding every builder, so importing it brings all of
// them and the machinery behind them (conditional types, template literals, modules…) into the first load; this `Type`
// holds only the builders @oj/proto's schemas call (typebox-web.test.ts keeps the list complete).
import { Array, Boolean, Composite, Integer, Literal, Null, Number, Object, Optional, Record, String, Tuple, Union, Unknown } from '@sinclair/typebox/type';

export * from '@sinclair/typebox/type';

export const Type = { Array, Boolean, Composite, Integer, Literal, Null, Number, Object, Optional, Record, String, Tuple, Union, Unknown };
