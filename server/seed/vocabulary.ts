/** A small deterministic random source (mulberry32), so seeds are the same on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one element. */
export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Picks n distinct elements. */
export function pickSome<T>(r: () => number, list: readonly T[], n: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < n && copy.length) out.push(copy.splice(Math.floor(r() * copy.length), 1)[0]!);
  return out;
}

/** Subjects with their topics: the vocabulary of titles, descriptions and tags. */
export const SUBJECT_TOPICS: Record<string, string[]> = {
  Mathematics: ["fractions", "decimals", "place value", "linear equations", "quadratic functions", "geometry proofs", "probability", "statistics", "ratios", "algebraic expressions", "area and perimeter", "trigonometry", "number sense", "multiplication facts", "data displays"],
  "English Language Arts": ["narrative writing", "persuasive essays", "poetry analysis", "reading comprehension", "vocabulary building", "grammar", "research skills", "figurative language", "Shakespeare", "informational text", "phonics", "public speaking"],
  Science: ["photosynthesis", "cell biology", "ecosystems", "chemical reactions", "the water cycle", "plate tectonics", "forces and motion", "electricity", "genetics", "the solar system", "weather and climate", "energy transfer", "states of matter"],
  "Social Studies": ["the American Revolution", "ancient civilizations", "world geography", "civics and government", "economics", "the Civil Rights Movement", "immigration", "world religions", "map skills", "the Industrial Revolution"],
  "Computer Science": ["algorithms", "programming with Python", "cybersecurity", "data science", "web design", "computational thinking", "robotics", "artificial intelligence"],
  Arts: ["color theory", "music composition", "theater production", "digital photography", "drawing fundamentals", "art history"],
  "Health and Physical Education": ["nutrition", "mental health", "team sports", "fitness planning", "first aid"],
  "Career and Technical Education": ["financial literacy", "entrepreneurship", "construction safety", "health careers", "agriculture science", "culinary arts"],
};

export const TITLE_PATTERNS: Record<string, string[]> = {
  resource: ["Introduction to {t}", "{T} Practice Worksheet", "{T} Video Lesson", "Exploring {t}", "{T} Interactive Simulation", "{T} Reading Passage", "Quick Check: {t}", "{T} Graphic Organizer", "{T} Exit Ticket", "Understanding {t}"],
  lesson_plan: ["{T} Lesson Plan", "Teaching {t} Through Inquiry", "{T}: A Five-Day Unit", "Hands-On {t}", "{T} Station Rotation"],
  collection: ["Best of {t}", "{T} Resource Collection", "Favorite {t} Activities", "{T} Starter Kit"],
  outline: ["{T} Course Outline", "{T} Scope and Sequence", "Semester Plan: {t}"],
  project: ["{T} Capstone Project", "Community {t} Project", "{T} Design Challenge", "Project-Based {t}"],
  pathway: ["{T} Learning Pathway", "Pathway to Mastery: {t}", "{T} Professional Learning Pathway"],
  cms_page: ["New {t} Materials", "Webinar: Teaching {t}", "Update on {t} Standards"],
};

export const DESCRIPTION_SENTENCES = [
  "Students build a deep understanding of {t} through guided practice and discussion.",
  "This material includes teacher notes, answer keys and suggestions for differentiation.",
  "Designed for classroom and remote learning, with printable and digital versions.",
  "Learners apply {t} to real-world problems and explain their reasoning.",
  "Aligned to state standards and reviewed by experienced educators.",
  "Includes formative assessment questions to check for understanding of {t}.",
  "Works well as an introduction, a review, or an enrichment activity.",
  "Supports English language learners with visuals and sentence frames.",
];

export const capitalize = (s: string): string => s.replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase());
