import type { CurriculumModelKey } from "../../contract/index.js";
import type { Db } from "../db/connection.js";

interface TemplateSeed {
  title: string;
  description: string;
  /** "teacher" makes it the teacher's own template (editable by them); otherwise a site template. */
  owner?: "teacher";
  sections: [title: string, html: string][];
}

const p = (text: string) => `<p>${text}</p>`;

/** The demo's curriculum templates per type: fixed titles, sections and order, so every install is the same. */
export const DEMO_TEMPLATES: Record<CurriculumModelKey, TemplateSeed[]> = {
  lesson_plan: [
    {
      title: "5E Inquiry Lesson",
      description: "Engage, Explore, Explain, Elaborate and Evaluate: a science-friendly inquiry cycle.",
      sections: [
        ["Engage", p("Open with a question or phenomenon that sparks curiosity.")],
        ["Explore", p("Students investigate in small groups and record observations.")],
        ["Explain", p("Introduce vocabulary and connect it to what students found.")],
        ["Elaborate", p("Apply the idea to a new situation.")],
        ["Evaluate", p("Check understanding with an exit ticket or short task.")],
      ],
    },
    {
      title: "Direct Instruction Lesson",
      description: "I do, we do, you do: model a skill, practise together, then independently.",
      sections: [
        ["Objective", p("State what students will be able to do by the end of the lesson.")],
        ["Modeling", p("Demonstrate the skill, thinking aloud.")],
        ["Guided Practice", p("Work through examples together.")],
        ["Independent Practice", p("Students practise on their own while you circulate.")],
        ["Closure", p("Summarize the key idea and preview what comes next.")],
      ],
    },
    {
      title: "Project Kickoff Lesson",
      description: "Launch a project with a driving question, teams and a plan.",
      owner: "teacher",
      sections: [
        ["Driving Question", p("Present the question the project will answer.")],
        ["Teams and Roles", p("Form teams and agree on roles.")],
        ["Plan", p("Each team sketches its first steps.")],
      ],
    },
  ],
  outline: [
    {
      title: "Unit Outline",
      description: "A unit broken into weeks with goals and assessments.",
      sections: [
        ["Unit Goals", p("What students will understand and be able to do.")],
        ["Week 1", p("Topics and activities for the first week.")],
        ["Week 2", p("Topics and activities for the second week.")],
        ["Assessment", p("How learning will be measured.")],
      ],
    },
    {
      title: "Course Syllabus",
      description: "Course description, schedule, grading and policies.",
      sections: [
        ["Course Description", p("What the course covers and why.")],
        ["Schedule", p("Units and dates.")],
        ["Grading", p("How grades are calculated.")],
      ],
    },
  ],
  project: [
    {
      title: "Project-Based Learning Plan",
      description: "Driving question, milestones, products and a public presentation.",
      sections: [
        ["Driving Question", p("The open question at the heart of the project.")],
        ["Milestones", p("Checkpoints with dates and deliverables.")],
        ["Final Product", p("What teams will create.")],
        ["Presentation", p("How and to whom teams will present.")],
      ],
    },
    {
      title: "Design Challenge",
      description: "Define, ideate, prototype and test a solution to a real problem.",
      sections: [
        ["Define", p("Describe the problem and who has it.")],
        ["Ideate", p("Brainstorm possible solutions.")],
        ["Prototype", p("Build a first version.")],
        ["Test", p("Try it out and improve it.")],
      ],
    },
  ],
  pathway: [
    {
      title: "Career Pathway",
      description: "Courses and experiences that lead toward a career.",
      sections: [
        ["Foundations", p("Introductory courses and skills.")],
        ["Concentration", p("Courses that build depth.")],
        ["Work-Based Learning", p("Internships and job shadowing.")],
      ],
    },
    {
      title: "Professional Learning Pathway",
      description: "A sequence of learning experiences for educators.",
      sections: [
        ["Orientation", p("What participants will learn and how.")],
        ["Core Modules", p("The required learning experiences.")],
        ["Reflection", p("Apply and reflect on practice.")],
      ],
    },
  ],
};

/** Inserts the demo templates with their sections (called once, from the demo seed). */
export async function seedCurriculumTemplates(db: Db, owners: { teacher: number }): Promise<void> {
  for (const [modelKey, templates] of Object.entries(DEMO_TEMPLATES)) {
    for (const [i, t] of templates.entries()) {
      const row = await db
        .insertInto("curriculum_templates")
        .values({
          uid: `${modelKey.replace(/_/g, "-")}-template-${i + 1}`,
          model_key: modelKey,
          title: t.title,
          description: t.description,
          owner_id: t.owner === "teacher" ? owners.teacher : null,
          sort_order: i,
          created_at: "2023-01-06T09:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("curriculum_template_sections")
        .values(t.sections.map(([title, html], position) => ({ template_id: row.id, position, title, html })))
        .execute();
    }
  }
}
