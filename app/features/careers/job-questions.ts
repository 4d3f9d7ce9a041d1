import { singleLine } from "#app/features/forms/text-rules.ts";

/*
 * A job's own questions (issue 36, part 3): what a recruiter may ask, how the
 * staff form's rows become questions, and how a candidate's answers are
 * checked and kept. One module for the staff editor, the application form in
 * the browser and the server, so the rules and the sentences are the same.
 */

/** The kinds of answer a question takes, with the words the editor shows. */
export const QUESTION_TYPES = {
  "short-text": "Short text",
  "long-text": "Long text",
  "yes-no": "Yes or no",
  choice: "One of a list",
  number: "A number",
  link: "A link (web address)",
} as const;
export type QuestionType = keyof typeof QUESTION_TYPES;

/** The kinds a knockout answer can be set on: the others have no answer to compare. */
export const KNOCKOUT_TYPES: readonly QuestionType[] = ["yes-no", "choice"];

export const QUESTION_LIMITS = {
  /** Questions one job may ask. */
  perJob: 20,
  /** Characters of a question. */
  label: 200,
  /** Choices of a list question, and the characters of each. */
  choices: 20,
  choice: 100,
  shortText: 200,
  longText: 5000,
  link: 500,
  /** A number answer without a range of its own stays within ± this. */
  number: 1_000_000_000,
} as const;

/** One question as the job's content keeps it. */
export type JobQuestion = {
  label: string;
  type: QuestionType;
  required: boolean;
  /** The choices of a list question; empty for the other kinds. */
  choices: string[];
  /** The answer that marks an application "does not meet requirements": "yes"/"no", or one of the choices; null when none does. */
  knockout: string | null;
  /** A number question's range; null for no bound (and for the other kinds). */
  min: number | null;
  max: number | null;
};

/** An answer as the application keeps it: the question's words at the time, so later edits do not change history. */
export type QuestionAnswer = {
  question: string;
  type: QuestionType;
  /** Plain text as given ("Yes"/"No" for a yes-or-no question); empty when an optional question was left empty. */
  answer: string;
  /** This answer is the question's knockout answer. */
  knockout: boolean;
};

// ---------------------------------------------------------------------------
// The staff editor's rows

/** The editor's row fields: question `n` (1 to 20) posts `q{n}-label`, `q{n}-type`, and so on. */
export const QUESTION_ROW_FIELDS = ["label", "type", "required", "choices", "knockout", "min", "max", "remove"] as const;
export type QuestionRowField = (typeof QUESTION_ROW_FIELDS)[number];
export const questionFieldName = (slot: number, field: QuestionRowField) => `q${slot}-${field}`;
export const QUESTION_SLOTS = Array.from({ length: QUESTION_LIMITS.perJob }, (_, index) => index + 1);
/** Every field name of the rows, for the form's list of the fields it has. */
export const questionFormFields = QUESTION_SLOTS.flatMap((slot) => QUESTION_ROW_FIELDS.map((field) => questionFieldName(slot, field)));
export const questionMultilineFields = QUESTION_SLOTS.map((slot) => questionFieldName(slot, "choices"));

const isQuestionType = (value: string | undefined): value is QuestionType => value !== undefined && Object.hasOwn(QUESTION_TYPES, value);

/** A number as typed ("1,500", "-2.5"), or null when empty, or "invalid". */
function numberFrom(text: string | undefined): number | null | "invalid" {
  const value = (text ?? "").trim().replace(/,/g, "");
  if (value === "") return null;
  if (!/^-?\d{1,10}(\.\d{1,2})?$/.test(value)) return "invalid";
  const number = Number(value);
  return Math.abs(number) <= QUESTION_LIMITS.number ? number : "invalid";
}

const formatNumber = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** The questions' rows as the form shows them: strings as typed, one empty row after them for a new question. */
export function questionFormValues(questions: readonly JobQuestion[]): Record<string, string> {
  const values: Record<string, string> = {};
  questions.forEach((question, index) => {
    const slot = index + 1;
    values[questionFieldName(slot, "label")] = question.label;
    values[questionFieldName(slot, "type")] = question.type;
    values[questionFieldName(slot, "required")] = question.required ? "on" : "";
    values[questionFieldName(slot, "choices")] = question.choices.join("\n");
    values[questionFieldName(slot, "knockout")] =
      question.knockout === null ? "" : question.type === "yes-no" ? (question.knockout === "yes" ? "Yes" : "No") : question.knockout;
    values[questionFieldName(slot, "min")] = question.min === null ? "" : String(question.min);
    values[questionFieldName(slot, "max")] = question.max === null ? "" : String(question.max);
  });
  return values;
}

/** How many rows the editor draws for these values: every row with a question, and one empty row while there is room. */
export function questionRowCount(values: Record<string, string | undefined>): number {
  const last = QUESTION_SLOTS.reduce((highest, slot) => ((values[questionFieldName(slot, "label")] ?? "").trim() ? slot : highest), 0);
  return Math.min(QUESTION_LIMITS.perJob, last + 1);
}

/**
 * The rows as questions, in their order; a row with no question (or ticked
 * "remove") is left out. Otherwise a sentence per field that is wrong, named
 * as the form names it.
 */
export function readQuestionRows(
  values: Record<string, string | undefined>,
): { ok: true; questions: JobQuestion[] } | { ok: false; errors: Record<string, string> } {
  const questions: JobQuestion[] = [];
  const errors: Record<string, string> = {};
  for (const slot of QUESTION_SLOTS) {
    const name = (field: QuestionRowField) => questionFieldName(slot, field);
    const label = singleLine(values[name("label")]);
    if (!label || values[name("remove")] === "on") continue;
    const typed = values[name("type")];
    if (!isQuestionType(typed)) {
      errors[name("type")] = "Choose the kind of answer.";
      continue;
    }
    const question: JobQuestion = { label, type: typed, required: values[name("required")] === "on", choices: [], knockout: null, min: null, max: null };
    if (label.length > QUESTION_LIMITS.label) errors[name("label")] = `Keep the question to ${QUESTION_LIMITS.label} characters.`;

    if (typed === "choice") {
      const choices = (values[name("choices")] ?? "").split("\n").map(singleLine).filter(Boolean);
      const distinct = new Set(choices.map((choice) => choice.toLowerCase()));
      if (choices.length < 2 || choices.length > QUESTION_LIMITS.choices)
        errors[name("choices")] = `Give between 2 and ${QUESTION_LIMITS.choices} choices, one a line.`;
      else if (choices.some((choice) => choice.length > QUESTION_LIMITS.choice))
        errors[name("choices")] = `Keep each choice to ${QUESTION_LIMITS.choice} characters.`;
      else if (distinct.size < choices.length) errors[name("choices")] = "Each choice may be given once.";
      question.choices = choices;
    }

    const knockout = singleLine(values[name("knockout")]);
    if (knockout) {
      if (!KNOCKOUT_TYPES.includes(typed)) {
        errors[name("knockout")] = "A knockout answer can only be set on a yes-or-no question or a list question. Clear it, or change the kind of answer.";
      } else if (typed === "yes-no") {
        const answer = knockout.toLowerCase();
        if (answer === "yes" || answer === "no") question.knockout = answer;
        else errors[name("knockout")] = "For a yes-or-no question the knockout answer is Yes or No.";
      } else {
        const choice = question.choices.find((candidate) => candidate.toLowerCase() === knockout.toLowerCase());
        if (choice) question.knockout = choice;
        else errors[name("knockout")] ??= "The knockout answer must be one of the choices.";
      }
    }

    if (typed === "number") {
      const min = numberFrom(values[name("min")]);
      const max = numberFrom(values[name("max")]);
      const bound = `a number from ${formatNumber(-QUESTION_LIMITS.number)} to ${formatNumber(QUESTION_LIMITS.number)} with at most two decimals, or leave it empty`;
      if (min === "invalid") errors[name("min")] = `Enter the lowest answer as ${bound}.`;
      if (max === "invalid") errors[name("max")] = `Enter the highest answer as ${bound}.`;
      if (typeof min === "number" && typeof max === "number" && max < min) errors[name("max")] = "The highest answer cannot be below the lowest.";
      question.min = typeof min === "number" ? min : null;
      question.max = typeof max === "number" ? max : null;
    }
    questions.push(question);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, questions };
}

/**
 * The questions read back from stored JSON: anything that is not a question
 * the editor could have written is dropped, so a damaged value never reaches
 * a candidate's form.
 */
export function questionsOf(stored: unknown): JobQuestion[] {
  if (!Array.isArray(stored)) return [];
  const rows: Record<string, string> = {};
  stored.slice(0, QUESTION_LIMITS.perJob).forEach((item: unknown, index) => {
    if (!item || typeof item !== "object") return;
    const question = item as Partial<Record<keyof JobQuestion, unknown>>;
    const slot = index + 1;
    const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
    rows[questionFieldName(slot, "label")] = text(question.label);
    rows[questionFieldName(slot, "type")] = text(question.type);
    rows[questionFieldName(slot, "required")] = question.required === true ? "on" : "";
    rows[questionFieldName(slot, "choices")] = Array.isArray(question.choices) ? question.choices.map(text).join("\n") : "";
    rows[questionFieldName(slot, "knockout")] = text(question.knockout);
    rows[questionFieldName(slot, "min")] = text(question.min);
    rows[questionFieldName(slot, "max")] = text(question.max);
  });
  const read = readQuestionRows(rows);
  return read.ok ? read.questions : [];
}

// ---------------------------------------------------------------------------
// The candidate's answers

/** The application form's answer to question `n` (1 to 20, in the job's order). */
export type AnswerField = `answer-${number}`;
export const answerFieldName = (slot: number): AnswerField => `answer-${slot}`;
export const answerFormFields = QUESTION_SLOTS.map(answerFieldName);
/** Carries which questions the candidate saw, so an answer never lands beside a question that changed meanwhile. */
export const QUESTION_SET_FIELD = "questionSet";

/** A short fingerprint of the questions as a candidate sees them (FNV-1a over their JSON); empty for none. */
export function questionSetKey(questions: readonly JobQuestion[]): string {
  if (questions.length === 0) return "";
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(questions)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${questions.length}-${hash.toString(36)}`;
}

export const QUESTIONS_CHANGED_MESSAGE =
  "The questions for this job changed while you were filling in the form. Please reload the page, check your answers to its questions and send the form again.";

/** Whether `value` is an http or https address with a host name, as a link answer must be. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const LINK_ANSWER_MESSAGE = "Enter a full web address starting with https:// or http://, e.g. https://www.example.com/your-work.";

/** What a number question accepts, in words. */
export function numberRangeText(question: Pick<JobQuestion, "min" | "max">): string {
  const min = question.min ?? -QUESTION_LIMITS.number;
  const max = question.max ?? QUESTION_LIMITS.number;
  return `a number from ${formatNumber(min)} to ${formatNumber(max)}`;
}

/** The longest answer a question takes, for the input's maxLength. */
export function answerMaxLength(type: QuestionType): number | undefined {
  if (type === "short-text") return QUESTION_LIMITS.shortText;
  if (type === "long-text") return QUESTION_LIMITS.longText;
  if (type === "link") return QUESTION_LIMITS.link;
  return undefined;
}

/** One answer as typed, checked: its stored text, or the sentence shown beside the question. */
function readAnswer(question: JobQuestion, raw: string | undefined): { ok: true; answer: string } | { ok: false; message: string } {
  const value = question.type === "long-text" ? (raw ?? "").replace(/\r\n?/g, "\n").trim() : singleLine(raw);
  if (value === "") return question.required ? { ok: false, message: requiredAnswerMessage(question) } : { ok: true, answer: "" };
  switch (question.type) {
    case "short-text":
    case "long-text": {
      const limit = question.type === "short-text" ? QUESTION_LIMITS.shortText : QUESTION_LIMITS.longText;
      return value.length <= limit
        ? { ok: true, answer: value }
        : { ok: false, message: `Keep this answer to ${limit.toLocaleString("en-US")} characters (it has ${value.length.toLocaleString("en-US")}).` };
    }
    case "yes-no": {
      const answer = value.toLowerCase();
      return answer === "yes" || answer === "no" ? { ok: true, answer: answer === "yes" ? "Yes" : "No" } : { ok: false, message: "Choose Yes or No." };
    }
    case "choice": {
      const choice = question.choices.find((candidate) => candidate === value);
      return choice ? { ok: true, answer: choice } : { ok: false, message: "Choose one of the answers given." };
    }
    case "number": {
      const number = numberFrom(value);
      const inRange = typeof number === "number" && (question.min === null || number >= question.min) && (question.max === null || number <= question.max);
      return inRange ? { ok: true, answer: String(number) } : { ok: false, message: `Enter ${numberRangeText(question)}, with at most two decimals.` };
    }
    case "link":
      if (value.length > QUESTION_LIMITS.link) return { ok: false, message: `Keep the address to ${QUESTION_LIMITS.link} characters.` };
      return isHttpUrl(value) ? { ok: true, answer: value } : { ok: false, message: LINK_ANSWER_MESSAGE };
  }
}

function requiredAnswerMessage(question: JobQuestion): string {
  if (question.type === "yes-no") return "Choose Yes or No to answer this question.";
  if (question.type === "choice") return "Choose an answer to this question.";
  return "Answer this question: it is required.";
}

/** Whether `answer` (as stored) is the question's knockout answer. */
export function isKnockout(question: JobQuestion, answer: string): boolean {
  if (question.knockout === null || answer === "") return false;
  return question.type === "yes-no" ? answer.toLowerCase() === question.knockout : answer === question.knockout;
}

export type AnswersRead = { ok: true; answers: QuestionAnswer[]; meetsRequirements: boolean } | { ok: false; errors: Record<string, string>; message: string };

/**
 * The answers posted for `questions` (field `answer-n` for question n): each
 * checked by its kind and bounds, kept with the question's words, and
 * whether any is a knockout answer. The candidate is not told which.
 */
export function readAnswers(questions: readonly JobQuestion[], values: Record<string, string | undefined>): AnswersRead {
  const answers: QuestionAnswer[] = [];
  const errors: Record<string, string> = {};
  let firstMessage: string | null = null;
  questions.forEach((question, index) => {
    const field = answerFieldName(index + 1);
    const read = readAnswer(question, values[field]);
    if (!read.ok) {
      errors[field] = read.message;
      firstMessage ??= `${question.label}: ${read.message}`;
      return;
    }
    answers.push({ question: question.label, type: question.type, answer: read.answer, knockout: isKnockout(question, read.answer) });
  });
  if (firstMessage !== null) return { ok: false, errors, message: firstMessage };
  return { ok: true, answers, meetsRequirements: !answers.some((answer) => answer.knockout) };
}

/** Stored answers read back: anything malformed is left out rather than shown wrongly. */
export function answersOf(stored: unknown): QuestionAnswer[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item: unknown) => {
    if (!item || typeof item !== "object") return [];
    const { question, type, answer, knockout } = item as Record<string, unknown>;
    return typeof question === "string" && typeof answer === "string" && typeof type === "string" && isQuestionType(type)
      ? [{ question, type, answer, knockout: knockout === true }]
      : [];
  });
}

/** The answers as one text: a line per question, for the CSV's single column. */
export const answersAsText = (answers: readonly QuestionAnswer[]): string =>
  answers.map((entry) => `${entry.question}: ${entry.answer || "—"}${entry.knockout ? " (knockout)" : ""}`).join("\n");
