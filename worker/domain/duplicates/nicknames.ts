/**
 * Given names that people use for one another: a formal name, its diminutives and its common
 * spellings. One group per line, folded (lower case, no accents). A name may sit in several
 * groups ("chris" is Christopher and Christina). Add groups here; keep each to one person's
 * name, so "Alex" joins Alexander and Alexandra but those two never join each other.
 */
const GROUPS = `
robert rob bob bobby robbie bert
william will bill billy willy liam
richard rich rick ricky dick
james jim jimmy jamie
john jon johnny jonny jack
jonathan jon jonny johnny nathan jonathon
joseph joe joey jose
michael mike mikey mick micky mikael michel
christopher chris kit topher
christina chris tina kristina christine
katherine kate katie kathy kat cat catherine cathy kathryn katharine caitlin
elizabeth liz lizzie beth betty betsy eliza elisabeth libby lisa
margaret maggie meg peggy marge margo greta
alexander alex al sasha xander alejandro alessandro
alexandra alex sasha sandy lexi alexandria
andrew andy drew andreas andre
anthony tony antonio anton
daniel dan danny dani
david dave davey
edward ed eddie ted ned
thomas tom tommy
timothy tim timmy
nicholas nick nicky nico nicolas niklas
matthew matt matty mathew matthias
benjamin ben benny benji
samuel sam sammy
samantha sam sammy
steven steve stephen stevie stefan
charles charlie chuck chas carl
henry hank harry
harold harry hal
patrick pat paddy
patricia pat patty tricia trish
peter pete pieter piotr
philip phil phillip felipe
gregory greg
jeffrey jeff geoffrey geoff
kenneth ken kenny
lawrence larry laurence
leonard leo len lenny
donald don donny
ronald ron ronnie
gerald gerry jerry
jerome jerry
frederick fred freddie freddy
francis frank frankie fran
frances fran frankie
sandra sandy
franklin frank
susan sue susie suzanne
deborah deb debbie debra
rebecca becky becca rebekah
jennifer jen jenny
jessica jess jessie
victoria vicky tori vic
abigail abby abbie
amanda mandy
barbara barb barbie
dorothy dot dottie
eleanor ellie nora elle elenor
helen helena nell
isabella isabel bella izzy isabelle
jacqueline jackie
judith judy
kimberly kim
melissa mel missy
natalie nat natalia
nathaniel nate nat nathan
olivia liv
pamela pam
sarah sara sally sadie
stephanie steph stefanie
theodore theo ted teddy
valerie val
veronica ronnie
zachary zach zack zak
dmitry dmitri dima
aleksandr alexander sasha
yevgeny evgeny eugene zhenya
ekaterina katya katerina
mohammed mohammad muhammad mohamed
`;

const groupsByName = new Map<string, number[]>();
GROUPS.trim()
  .split('\n')
  .forEach((line, index) => {
    for (const name of line.trim().split(/\s+/)) groupsByName.set(name, [...(groupsByName.get(name) ?? []), index]);
  });
const members = GROUPS.trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/));

/** Every other name in a group with this one: "bob" -> robert, rob, bobby, robbie, bert. */
export function nicknamesOf(name: string): string[] {
  const names = new Set<string>();
  for (const group of groupsByName.get(name) ?? []) for (const other of members[group]!) if (other !== name) names.add(other);
  return [...names];
}

/** Whether two folded given names are one person's by the list: "bob" and "robert". */
export function areNicknames(a: string, b: string): boolean {
  const groups = groupsByName.get(a);
  return a !== b && groups !== undefined && groups.some((g) => groupsByName.get(b)?.includes(g));
}
