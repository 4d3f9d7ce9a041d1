import { Field } from "#app/features/forms/field.tsx";
import { ImageFileField, imageFileHint } from "#app/features/staff/publishing/image-file-field.tsx";
import {
  addableBlocks,
  blockDeclaration,
  blockName,
  imageFileName,
  imageFromText,
  imageRemoveName,
  itemName,
  MAX_BLOCKS,
  pickBoxName,
  pickedName,
  pickFromName,
  pickOrderName,
  postedKinds,
  type BlockField,
  type BlockList,
} from "#app/features/site-pages/page-blocks.ts";
import { secondaryButtonClass } from "#app/features/staff/staff-ui.tsx";
import { proofDeclarations, type ProofKind } from "#app/features/proof/proof-kinds.ts";

/** The items a picking block may tick, by kind: the published ones, then those a block picks that are not. */
export type PickChoices = Record<ProofKind, readonly { id: number; title: string; published: boolean }[]>;

/*
 * A page's blocks in its edit form (decision 061): each block a fieldset of
 * its fields, with its list's items and one empty item at the end to add
 * one, and buttons that move or remove it. Those buttons post the whole form
 * (so nothing typed is lost) and keep the result as a draft; they work the
 * same without JavaScript.
 */

type Shown = Record<string, string>;
type Errors = Record<string, string> | undefined;

/**
 * One field of a block. In a list's item the browser does not enforce what is
 * required: an item is removed by emptying it, which the server then drops.
 */
function BlockInput({ field, name, shown, errors, inItem }: { field: BlockField; name: string; shown: Shown; errors: Errors; inItem: boolean }) {
  if (field.input === "image") return <BlockImage field={field} name={name} shown={shown} errors={errors} />;
  const wide = field.input === "text" || field.input === "paragraphs";
  return (
    <Field name={name} label={field.label} required={field.required ?? false} wide={wide} hint={field.hint} error={errors?.[name]}>
      {(marked) => {
        const props = inItem ? { ...marked, required: undefined } : marked;
        return field.input === "select" ? (
          <select {...props} defaultValue={shown[name] ?? ""}>
            {field.options!.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : wide ? (
          <textarea {...props} defaultValue={shown[name] ?? ""} maxLength={field.max} rows={field.input === "paragraphs" ? 8 : 3} />
        ) : (
          <input {...props} defaultValue={shown[name] ?? ""} maxLength={field.max} autoComplete="off" />
        );
      }}
    </Field>
  );
}

/**
 * A picture of a block: the current one (kept in a hidden field), a file to
 * replace it, and for an optional picture a box that removes it.
 */
function BlockImage({ field, name, shown, errors }: { field: BlockField; name: string; shown: Shown; errors: Errors }) {
  const current = imageFromText(shown[name] ?? "");
  return (
    <>
      {current ? <input type="hidden" name={name} value={shown[name]} /> : null}
      <ImageFileField
        name={imageFileName(name)}
        label={field.label}
        replaceLabel={`Replace: ${field.label.toLowerCase()}`}
        hint={imageFileHint(field.required ? "required." : "optional.")}
        error={errors?.[name]}
        current={current?.src ?? null}
        currentAlt={`The current ${field.label.toLowerCase()}`}
        remove={field.required ? undefined : { name: imageRemoveName(name), label: `Remove the ${field.label.toLowerCase()}` }}
        shape="h-24 w-auto"
      />
    </>
  );
}

/**
 * A picking block's choice: all published items in order, those of the page,
 * or the ticked ones in the order their places give. Works without
 * JavaScript: the boxes and places are plain fields of the form.
 */
function BlockPick({
  block,
  picks,
  shown,
  errors,
  choices,
}: {
  block: number;
  picks: { kind: ProofKind; fromPage: boolean };
  shown: Shown;
  errors: Errors;
  choices: PickChoices;
}) {
  const { plural } = proofDeclarations[picks.kind];
  const offered = choices[picks.kind];
  // After a refused post the boxes come back as posted; otherwise from the saved choice.
  const posted = offered.some((_, choice) => shown[pickOrderName(block, choice)] !== undefined);
  const picked = (shown[pickedName(block)] ?? "").split(",").filter(Boolean).map(Number);
  return (
    <>
      <Field name={pickFromName(block)} label="Which to show" wide error={errors?.[pickFromName(block)]}>
        {(props) => (
          <select {...props} defaultValue={shown[pickFromName(block)] ?? "all"}>
            <option value="all">All published {plural}, in order</option>
            {picks.fromPage ? <option value="page">Those that belong to this page (a solution page)</option> : null}
            <option value="chosen">Only those ticked below, in the order of their places</option>
          </select>
        )}
      </Field>
      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="mb-2 text-sm font-bold text-ink">
          The {plural} to show when only those ticked are shown{" "}
          <span className="font-normal text-slate-700">(a place of 1 comes first; published ones only are drawn)</span>
        </legend>
        {offered.length === 0 ? <p className="text-sm text-slate-700">No {plural} are published yet.</p> : null}
        {offered.map((item, choice) => {
          const ticked = posted ? shown[pickBoxName(block, choice)] === String(item.id) : picked.includes(item.id);
          const place = posted ? (shown[pickOrderName(block, choice)] ?? "") : picked.includes(item.id) ? String(picked.indexOf(item.id) + 1) : "";
          const label = `${item.title}${item.published ? "" : " (not published: not shown)"}`;
          return (
            <div key={item.id} className="flex flex-wrap items-center gap-4">
              <label className="flex min-h-11 min-w-64 items-center gap-2">
                <input type="checkbox" name={pickBoxName(block, choice)} value={item.id} defaultChecked={ticked} className="size-5" />
                {label}
              </label>
              <label className="flex items-center gap-2 text-sm">
                Place
                <span className="sr-only"> of {item.title}</span>
                <input
                  name={pickOrderName(block, choice)}
                  defaultValue={place}
                  inputMode="numeric"
                  maxLength={4}
                  aria-invalid={errors?.[pickOrderName(block, choice)] ? true : undefined}
                  className="w-20 rounded-lg border border-slate-400 px-3 py-2"
                />
              </label>
              {errors?.[pickOrderName(block, choice)] ? <p className="text-sm font-semibold text-red-800">{errors[pickOrderName(block, choice)]}</p> : null}
            </div>
          );
        })}
      </fieldset>
    </>
  );
}

/** How many items the block shows: those it has, and an empty one to add another while there is room. */
function shownItems(list: BlockList, block: number, shown: Shown): number {
  let count = 0;
  for (let item = 0; item < list.max; item++) {
    if (list.fields.some((field) => (shown[itemName(block, list.path, item, field.path)] ?? "") !== "")) count = item + 1;
  }
  return Math.min(count + 1, list.max);
}

function BlockItems({ list, block, shown, errors }: { list: BlockList; block: number; shown: Shown; errors: Errors }) {
  const count = shownItems(list, block, shown);
  return (
    <fieldset className="grid gap-4 sm:col-span-2">
      <legend className="mb-2 text-sm font-bold text-ink">
        {list.label} <span className="font-normal text-slate-700">(up to {list.max}; empty every field of one to remove it)</span>
      </legend>
      {Array.from({ length: count }, (_, item) => (
        <fieldset key={item} className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">
            {list.fields.every((field) => !shown[itemName(block, list.path, item, field.path)])
              ? `New ${list.item.toLowerCase()} (fill it in to add it)`
              : `${list.item} ${item + 1}`}
          </legend>
          {list.fields.map((field) => (
            <BlockInput key={field.path} field={field} name={itemName(block, list.path, item, field.path)} shown={shown} errors={errors} inItem />
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}

/** A button that rearranges the blocks: the form is posted as it stands, without the browser's checks. */
function ArrangeButton({ intent, label, hidden }: { intent: string; label: string; hidden: string }) {
  return (
    <button type="submit" name="intent" value={intent} formNoValidate className={secondaryButtonClass}>
      {label}
      <span className="sr-only"> {hidden}</span>
    </button>
  );
}

export function BlockFields({ shown, errors, choices }: { shown: Shown; errors: Errors; choices: PickChoices }) {
  const kinds = postedKinds(shown);
  return (
    <div className="grid gap-5 sm:col-span-2">
      <input type="hidden" name="blocks" value={shown.blocks ?? ""} />
      {errors?.blocks ? (
        <p role="alert" className="font-semibold text-red-800">
          {errors.blocks}
        </p>
      ) : null}
      <ol className="grid gap-5" aria-label="Blocks">
        {kinds.map((kind, block) => {
          const declaration = blockDeclaration(kind);
          if (!declaration) return null;
          const name = `block ${block + 1}, ${declaration.label}`;
          return (
            <li key={`${block}-${kind}`}>
              <fieldset className="grid gap-4 rounded-xl border border-slate-300 p-4 sm:grid-cols-2">
                <legend className="px-1 font-bold">
                  Block {block + 1}: {declaration.label}
                </legend>
                {declaration.fields.map((field) => (
                  <BlockInput key={field.path} field={field} name={blockName(block, field.path)} shown={shown} errors={errors} inItem={false} />
                ))}
                {declaration.list ? <BlockItems list={declaration.list} block={block} shown={shown} errors={errors} /> : null}
                {declaration.picks ? <BlockPick block={block} picks={declaration.picks} shown={shown} errors={errors} choices={choices} /> : null}
                {block === 0 ? (
                  <p className="text-sm text-slate-700 sm:col-span-2">The title block holds the page’s only main heading, so it stays first.</p>
                ) : (
                  <div className="flex flex-wrap gap-3 sm:col-span-2">
                    {block > 1 ? <ArrangeButton intent={`block-up:${block}`} label="Move up" hidden={name} /> : null}
                    {block < kinds.length - 1 ? <ArrangeButton intent={`block-down:${block}`} label="Move down" hidden={name} /> : null}
                    <ArrangeButton intent={`block-remove:${block}`} label="Remove" hidden={name} />
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {kinds.length < MAX_BLOCKS ? (
        <div className="flex flex-wrap items-end gap-3">
          <Field name="newBlock" label="Block to add">
            {(props) => (
              <select {...props} defaultValue="">
                <option value="" disabled>
                  Choose a kind of block
                </option>
                {addableBlocks.map((declaration) => (
                  <option key={declaration.kind} value={declaration.kind}>
                    {declaration.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" name="intent" value="block-add" formNoValidate className={secondaryButtonClass}>
            Add the block at the end
          </button>
        </div>
      ) : (
        <p>This page has {MAX_BLOCKS} blocks, the most a page holds.</p>
      )}
    </div>
  );
}
