import type { Db } from "../db/connection.js";

export interface TreeNode {
  name: string;
  short_name?: string;
  children?: TreeNode[];
}

const flat = (...names: string[]): TreeNode[] => names.map((name) => ({ name }));

/** Standards: framework, then domain, then leaf standards with codes (three levels). */
function standardsTree(): TreeNode[] {
  const framework = (name: string, acronym: string, domains: [string, string, string[]][]): TreeNode => ({
    name,
    short_name: acronym,
    children: domains.map(([domain, code, leaves]) => ({
      name: domain,
      short_name: `${acronym}.${code}`,
      children: leaves.map((text, i) => ({ name: text, short_name: `${acronym}.${code}.${i + 1}` })),
    })),
  });
  return [
    framework("Common Core State Standards for Mathematics", "CCSS.MATH", [
      ["Operations and Algebraic Thinking", "OA", ["Interpret products of whole numbers", "Solve two-step word problems using the four operations", "Generate and analyze numeric patterns", "Write and interpret numerical expressions"]],
      ["Number and Operations: Fractions", "NF", ["Understand a fraction as a number on the number line", "Explain equivalence of fractions", "Add and subtract fractions with unlike denominators", "Multiply a fraction by a whole number"]],
      ["Geometry", "G", ["Classify two-dimensional figures by their properties", "Graph points on the coordinate plane", "Find the area of right triangles and quadrilaterals"]],
      ["Statistics and Probability", "SP", ["Display numerical data in plots on a number line", "Summarize numerical data sets", "Develop a probability model"]],
    ]),
    framework("Common Core State Standards for English Language Arts", "CCSS.ELA", [
      ["Reading: Literature", "RL", ["Quote accurately from a text when explaining what it says", "Determine a theme of a story from details in the text", "Compare and contrast two or more characters"]],
      ["Writing", "W", ["Write opinion pieces supporting a point of view with reasons", "Write informative texts to examine a topic", "Write narratives to develop real or imagined experiences"]],
      ["Speaking and Listening", "SL", ["Engage effectively in collaborative discussions", "Report on a topic with relevant facts"]],
    ]),
    framework("Next Generation Science Standards", "NGSS", [
      ["Life Science", "LS", ["Develop a model to describe the movement of matter among plants and animals", "Construct an argument that plants get materials for growth from air and water", "Use evidence to explain how organisms are adapted to their habitats"]],
      ["Physical Science", "PS", ["Plan an investigation of balanced and unbalanced forces", "Describe that energy can be transferred by electric currents", "Develop a model that matter is made of particles too small to be seen"]],
      ["Earth and Space Science", "ESS", ["Represent data to describe weather conditions", "Describe ways the geosphere, biosphere and atmosphere interact", "Support an argument that the Sun is a star"]],
    ]),
    framework("C3 Framework for Social Studies", "C3", [
      ["Civics", "CIV", ["Explain the origins and purposes of rules and laws", "Distinguish the responsibilities of government officials"]],
      ["Geography", "GEO", ["Construct maps to represent places", "Explain how culture influences the way people modify the environment"]],
      ["History", "HIS", ["Create a chronological sequence of related events", "Compare life in specific historical periods to life today"]],
    ]),
  ];
}

/** The attribute trees of the demo installation, by attribute type key. */
export function demoAttributeTrees(subjects: Record<string, string[]>): Record<string, TreeNode[]> {
  return {
    grades: flat("Kindergarten", ...Array.from({ length: 12 }, (_, i) => `Grade ${i + 1}`), "Higher Education", "Adult Education"),
    subjects: Object.keys(subjects).map((name) => ({ name, children: flat(...subjects[name]!.slice(0, 4).map((t) => t.replace(/^\w/, (c) => c.toUpperCase()))) })),
    standards: standardsTree(),
    industries: flat("Healthcare", "Information Technology", "Advanced Manufacturing", "Agriculture", "Hospitality and Tourism", "Finance", "Construction", "Education"),
    professional_roles: flat("Teacher", "Instructional Coach", "Principal", "Curriculum Director", "Paraprofessional", "School Counselor", "Librarian"),
    resource_categories: flat("Video", "Worksheet", "Assessment", "Article", "Interactive", "Website", "Audio", "Image", "Document", "Presentation"),
    content_pricing: flat("Free", "Paid", "Subscription"),
    group_types: flat("Professional Learning Community", "Department", "School", "District", "Interest Group"),
  };
}

const slugify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 200);

/** An inserted attribute item, with the id of its top-level ancestor. */
export interface InsertedItem {
  id: number;
  name: string;
  depth: number;
  leaf: boolean;
  rootId: number;
}

/** Inserts a tree under an attribute type; returns every inserted item in depth-first order. */
export async function insertTree(db: Db, typeId: number, nodes: TreeNode[], parentId: number | null = null, depth = 0, rootId?: number): Promise<InsertedItem[]> {
  const out: InsertedItem[] = [];
  for (const [i, node] of nodes.entries()) {
    const leaf = !node.children?.length;
    const row = await db
      .insertInto("attribute_items")
      .values({ type_id: typeId, parent_id: parentId, name: node.name, short_name: node.short_name ?? null, slug: slugify(node.short_name ?? node.name), description: null, sort_order: i, depth, is_leaf: leaf ? 1 : 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const root = rootId ?? row.id;
    out.push({ id: row.id, name: node.name, depth, leaf, rootId: root });
    if (node.children) out.push(...(await insertTree(db, typeId, node.children, row.id, depth + 1, root)));
  }
  return out;
}
