import { describe, expect, test } from "vitest";
import {
  answersAsText,
  answersOf,
  LINK_ANSWER_MESSAGE,
  QUESTION_LIMITS,
  questionFormFields,
  questionFormValues,
  questionRowCount,
  questionSetKey,
  questionsOf,
  readAnswers,
  readQuestionRows,
  type JobQuestion,
} from "#app/features/careers/job-questions.ts";

const question = (overrides: Partial<JobQuestion>): JobQuestion => ({
  label: "Question",
  type: "short-text",
  required: false,
  choices: [],
  knockout: null,
  min: null,
  max: null,
  ...overrides,
});

const rightToWork = question({ label: "Do you have the right to work in India?", type: "yes-no", required: true, knockout: "no" });
const portfolio = question({ label: "Portfolio", type: "link", required: true });
const notice = question({ label: "Notice period", type: "choice", choices: ["Immediately", "1 month", "3 months"], knockout: "3 months" });
const years = question({ label: "Years with Go", type: "number", min: 0, max: 40 });
const motivation = question({ label: "Why us?", type: "long-text" });

describe("the editor's rows", () => {
  test("rows become questions in order; empty and removed rows are left out; knockouts are normalised", () => {
    const read = readQuestionRows({
      "q1-label": "  Do you have the right   to work in India? ",
      "q1-type": "yes-no",
      "q1-required": "on",
      "q1-knockout": "NO",
      "q2-label": "",
      "q2-type": "short-text",
      "q3-label": "Removed one",
      "q3-type": "short-text",
      "q3-remove": "on",
      "q4-label": "Notice period",
      "q4-type": "choice",
      "q4-choices": "Immediately\n 1 month \n\n3 months",
      "q4-knockout": "3 MONTHS",
      "q5-label": "Years with Go",
      "q5-type": "number",
      "q5-min": "0",
      "q5-max": "40",
      "q5-choices": "ignored for a number",
    });
    expect(read).toEqual({ ok: true, questions: [rightToWork, notice, years] });
  });

  test("a knockout only on yes-or-no and list questions, and only one of their answers", () => {
    const read = readQuestionRows({
      "q1-label": "Portfolio",
      "q1-type": "link",
      "q1-knockout": "none",
      "q2-label": "Right to work?",
      "q2-type": "yes-no",
      "q2-knockout": "maybe",
      "q3-label": "Notice",
      "q3-type": "choice",
      "q3-choices": "Now\nLater",
      "q3-knockout": "Never",
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors["q1-knockout"]).toMatch(/only be set on a yes-or-no question or a list question/);
    expect(read.errors["q2-knockout"]).toBe("For a yes-or-no question the knockout answer is Yes or No.");
    expect(read.errors["q3-knockout"]).toBe("The knockout answer must be one of the choices.");
  });

  test("a list needs 2 to 20 distinct choices; a question and a number range have bounds", () => {
    const read = readQuestionRows({
      "q1-label": "x".repeat(QUESTION_LIMITS.label + 1),
      "q1-type": "short-text",
      "q2-label": "One choice",
      "q2-type": "choice",
      "q2-choices": "Only",
      "q3-label": "Twice",
      "q3-type": "choice",
      "q3-choices": "Yes\nyes",
      "q4-label": "Range",
      "q4-type": "number",
      "q4-min": "10",
      "q4-max": "5",
      "q5-label": "Bad type",
      "q5-type": "essay",
      "q6-label": "Not a number",
      "q6-type": "number",
      "q6-min": "ten",
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(["q1-label", "q2-choices", "q3-choices", "q4-max", "q5-type", "q6-min"]);
  });

  test("at most 20 questions: the form has 20 rows and no more, and stored JSON is cut at 20", () => {
    expect(questionFormFields).toContain("q20-label");
    expect(questionFormFields).not.toContain("q21-label");
    const many = Array.from({ length: 25 }, (_, index) => question({ label: `Question ${index + 1}` }));
    expect(questionsOf(many)).toHaveLength(QUESTION_LIMITS.perJob);
    expect(questionRowCount(questionFormValues(many.slice(0, 20)))).toBe(20);
    expect(questionRowCount(questionFormValues(many.slice(0, 3)))).toBe(4);
  });

  test("questions survive the form and the database's JSON unchanged; damaged JSON is dropped", () => {
    const questions = [rightToWork, portfolio, notice, years, motivation];
    expect(readQuestionRows(questionFormValues(questions))).toEqual({ ok: true, questions });
    expect(questionsOf(JSON.parse(JSON.stringify(questions)))).toEqual(questions);
    expect(questionsOf("not a list")).toEqual([]);
    expect(questionsOf([{ label: "<b>x</b>", type: "script" }])).toEqual([]);
  });
});

describe("a candidate's answers", () => {
  const questions = [rightToWork, portfolio, notice, years, motivation];

  test("required, kind and bounds are checked, with a sentence per answer", () => {
    const read = readAnswers(questions, {
      "answer-1": "",
      "answer-2": "javascript:alert(1)",
      "answer-3": "Next year",
      "answer-4": "41",
      "answer-5": "x".repeat(QUESTION_LIMITS.longText + 1),
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      "answer-1": "Choose Yes or No to answer this question.",
      "answer-2": LINK_ANSWER_MESSAGE,
      "answer-3": "Choose one of the answers given.",
      "answer-4": "Enter a number from 0 to 40, with at most two decimals.",
      "answer-5": "Keep this answer to 5,000 characters (it has 5,001).",
    });
    expect(read.message).toBe("Do you have the right to work in India?: Choose Yes or No to answer this question.");
  });

  test("a knockout answer marks the application; the words of each question are kept with its answer", () => {
    const read = readAnswers(questions, {
      "answer-1": "no",
      "answer-2": "https://asha.example.com/work",
      "answer-3": "1 month",
      "answer-4": "6.5",
      "answer-5": "  <script>alert(1)</script>\r\nSecond line ",
    });
    expect(read).toEqual({
      ok: true,
      meetsRequirements: false,
      answers: [
        { question: rightToWork.label, type: "yes-no", answer: "No", knockout: true },
        { question: "Portfolio", type: "link", answer: "https://asha.example.com/work", knockout: false },
        { question: "Notice period", type: "choice", answer: "1 month", knockout: false },
        { question: "Years with Go", type: "number", answer: "6.5", knockout: false },
        // Kept as the text it is; it is drawn as text, never as HTML.
        { question: "Why us?", type: "long-text", answer: "<script>alert(1)</script>\nSecond line", knockout: false },
      ],
    });
  });

  test("the knockout of a list question, and answers that meet every requirement", () => {
    const knocked = readAnswers([notice], { "answer-1": "3 months" });
    expect(knocked.ok && knocked.meetsRequirements).toBe(false);
    const fine = readAnswers([rightToWork, notice], { "answer-1": "yes", "answer-2": "" });
    expect(fine).toEqual({
      ok: true,
      meetsRequirements: true,
      answers: [
        { question: rightToWork.label, type: "yes-no", answer: "Yes", knockout: false },
        { question: "Notice period", type: "choice", answer: "", knockout: false },
      ],
    });
  });

  test("a job without questions takes no answers, and its question set is empty", () => {
    expect(readAnswers([], { "answer-1": "anything" })).toEqual({ ok: true, answers: [], meetsRequirements: true });
    expect(questionSetKey([])).toBe("");
  });

  test("the question set changes with any change to the questions", () => {
    const key = questionSetKey([rightToWork, portfolio]);
    expect(questionSetKey([rightToWork, portfolio])).toBe(key);
    expect(questionSetKey([portfolio, rightToWork])).not.toBe(key);
    expect(questionSetKey([{ ...rightToWork, required: false }, portfolio])).not.toBe(key);
  });

  test("stored answers read back and as the CSV's one column", () => {
    const stored = [
      { question: "Right to work?", type: "yes-no", answer: "No", knockout: true },
      { question: "Portfolio", type: "link", answer: "", knockout: false },
      { question: "Broken", type: "nonsense", answer: "x" },
    ];
    const answers = answersOf(stored);
    expect(answers).toHaveLength(2);
    expect(answersAsText(answers)).toBe("Right to work?: No (knockout)\nPortfolio: —");
  });
});
